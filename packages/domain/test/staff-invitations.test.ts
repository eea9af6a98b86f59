import { describe, expect, it } from 'vitest';
import { ROLES } from '../src/roles';
import { INVITABLE_ROLES, roleAtSignIn, staffInvitationSchema } from '../src/staff-invitations';

describe('roleAtSignIn', () => {
  it('a listed address is admin at every sign-in, whatever was stored or invited', () => {
    for (const stored of [null, ...ROLES]) {
      for (const invited of [null, ...INVITABLE_ROLES]) {
        expect(roleAtSignIn({ stored, listed: true, invited })).toBe('admin');
      }
    }
  });

  it('someone new without an invitation is a guest', () => {
    expect(roleAtSignIn({ stored: null, listed: false, invited: null })).toBe('guest');
  });

  it('an invitation gives its role to a new person or a guest made earlier (hand-issued tickets)', () => {
    for (const invited of INVITABLE_ROLES) {
      expect(roleAtSignIn({ stored: null, listed: false, invited })).toBe(invited);
      expect(roleAtSignIn({ stored: 'guest', listed: false, invited })).toBe(invited);
    }
  });

  it('an invitation never lowers a role: an admin stays admin, a manager invited to the gate stays manager', () => {
    expect(roleAtSignIn({ stored: 'admin', listed: false, invited: 'qrchecker' })).toBe('admin');
    expect(roleAtSignIn({ stored: 'manager', listed: false, invited: 'qrchecker' })).toBe('manager');
    expect(roleAtSignIn({ stored: 'qrchecker', listed: false, invited: 'manager' })).toBe('manager');
  });

  it('without a listing or an invitation the stored role is kept', () => {
    for (const stored of ROLES) expect(roleAtSignIn({ stored, listed: false, invited: null })).toBe(stored);
  });
});

describe('staffInvitationSchema', () => {
  it('takes an address (trimmed, lower-cased), a staff role and an optional language', () => {
    expect(staffInvitationSchema.parse({ email: '  Ravi@Example.COM ', role: 'qrchecker' })).toEqual({
      email: 'ravi@example.com',
      role: 'qrchecker',
    });
    expect(staffInvitationSchema.parse({ email: 'a@b.in', role: 'manager', language: 'gu' }).language).toBe(
      'gu',
    );
  });

  it('refuses guest as a role, an unknown language, a bad address and unknown keys', () => {
    for (const body of [
      { email: 'a@b.in', role: 'guest' },
      { email: 'a@b.in', role: 'owner' },
      { email: 'a@b.in', role: 'admin', language: 'fr' },
      { email: 'not-an-address', role: 'admin' },
      { email: 'a@b.in', role: 'admin', extra: 1 },
    ]) {
      expect(staffInvitationSchema.safeParse(body).success).toBe(false);
    }
  });
});
