import { describe, expect, it } from 'vitest';
import { type Action, can, effectiveRole, isRole, ROLES, roleLabel } from '../src/roles';

// The permission table (docs/product.md#roles), written out by hand so a change to the code must change this too.
const expected: Record<Action, string[]> = {
  'ticket:buy': ['guest', 'qrchecker', 'manager', 'admin'],
  'ticket:own': ['guest', 'qrchecker', 'manager', 'admin'],
  'ticket:cancel-own': ['guest', 'qrchecker', 'manager', 'admin'],
  'refund:own': ['guest', 'qrchecker', 'manager', 'admin'],
  'checkin:scan': ['qrchecker', 'manager', 'admin'],
  'users:view': ['manager', 'admin'],
  'tickets:view': ['manager', 'admin'],
  'analytics:view': ['manager', 'admin'],
  'refunds:view': ['manager', 'admin'],
  'tickets:export': ['manager', 'admin'],
  'tickets:issue-manual': ['manager', 'admin'],
  'tickets:change-status': ['manager', 'admin'],
  'system:health': ['manager', 'admin'],
  'users:change-role': ['admin'],
  'users:delete': ['admin'],
  'tickets:delete': ['admin'],
  'event:write': ['admin'],
  'refunds:retry': ['admin'],
  'organiser:view': ['manager', 'admin'],
  'organiser:write': ['admin'],
  'staff:invite': ['admin'],
  'tax:view': ['manager', 'admin'],
  'tax:write': ['admin'],
  'messages:send': ['admin'],
  'questions:view': ['manager', 'admin'],
  'questions:write': ['admin'],
  'audit:view': ['admin'],
};

describe('permission table', () => {
  for (const [action, allowed] of Object.entries(expected)) {
    for (const role of ROLES) {
      it(`${role} ${allowed.includes(role) ? 'may' : 'may not'} ${action}`, () => {
        expect(can({ role }, action as Action)).toBe(allowed.includes(role));
      });
    }
  }

  it('nobody signed out may do anything', () => {
    expect(can(null, 'ticket:buy')).toBe(false);
  });

  it('an unknown or missing role is treated as guest', () => {
    expect(effectiveRole(undefined)).toBe('guest');
    expect(effectiveRole('superuser')).toBe('guest');
    expect(can({ role: 'superuser' }, 'users:view')).toBe(false);
    expect(can({ role: 'superuser' }, 'ticket:buy')).toBe(true);
  });

  it('recognises exactly the four roles', () => {
    expect(ROLES.filter(isRole)).toHaveLength(4);
    expect(isRole('Admin')).toBe(false);
    expect(roleLabel('qrchecker')).toBe('QR Checker');
  });
});
