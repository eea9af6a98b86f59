import { describe, expect, it } from 'vitest';
import { type AdminClaimInput, adminClaim, isListedAdmin } from '../src/admin-bootstrap';

const base: AdminClaimInput = {
  email: 'asha@example.com',
  emailVerified: true,
  adminEmails: [],
  devSignIn: true,
  adminsExist: false,
};

describe('adminClaim', () => {
  it('with ADMIN_EMAILS set, a listed verified address is granted even when admins exist', () => {
    expect(adminClaim({ ...base, adminEmails: ['asha@example.com'], adminsExist: true })).toEqual({
      granted: true,
      via: 'listed',
    });
  });

  it('with ADMIN_EMAILS set, the first caller of a fresh install is refused unless listed', () => {
    expect(adminClaim({ ...base, email: 'stranger@example.com', adminEmails: ['asha@example.com'] })).toEqual(
      { granted: false, reason: 'not-listed' },
    );
  });

  it('with ADMIN_EMAILS set, a listed but unverified address is refused', () => {
    expect(adminClaim({ ...base, emailVerified: false, adminEmails: ['asha@example.com'] })).toEqual({
      granted: false,
      reason: 'unverified',
    });
  });

  it('with ADMIN_EMAILS empty and the development sign-in, the first caller is the bootstrap admin', () => {
    expect(adminClaim(base)).toEqual({ granted: true, via: 'bootstrap' });
  });

  it('with ADMIN_EMAILS empty and the development sign-in, no bootstrap once an admin exists', () => {
    expect(adminClaim({ ...base, adminsExist: true })).toEqual({ granted: false, reason: 'admin-exists' });
  });

  it('with ADMIN_EMAILS empty and Firebase sign-in, nobody bootstraps', () => {
    expect(adminClaim({ ...base, devSignIn: false })).toEqual({ granted: false, reason: 'no-bootstrap' });
  });
});

describe('isListedAdmin', () => {
  it('matches the address in any letter case, only when verified', () => {
    expect(isListedAdmin('Asha@Example.com', true, ['asha@example.com'])).toBe(true);
    expect(isListedAdmin('asha@example.com', false, ['asha@example.com'])).toBe(false);
    expect(isListedAdmin('ravi@example.com', true, ['asha@example.com'])).toBe(false);
  });
});
