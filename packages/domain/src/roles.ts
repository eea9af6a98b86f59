// Roles and the permission table (docs/product.md#roles). The server enforces it; the web only hides with it.

export const ROLES = ['admin', 'guest', 'manager', 'qrchecker'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A signed-in user without a backend role is treated as a guest. */
export function effectiveRole(role: unknown): Role {
  return isRole(role) ? role : 'guest';
}

export type Action =
  | 'ticket:buy'
  | 'ticket:own'
  | 'ticket:cancel-own'
  | 'refund:own'
  | 'checkin:scan'
  | 'users:view'
  | 'tickets:view'
  | 'analytics:view'
  | 'refunds:view'
  | 'tickets:export'
  | 'tickets:issue-manual'
  | 'tickets:change-status'
  | 'users:change-role'
  | 'users:delete'
  | 'tickets:delete'
  | 'event:write'
  | 'refunds:retry'
  | 'system:health'
  | 'organiser:view'
  | 'organiser:write'
  | 'staff:invite'
  | 'tax:view'
  | 'tax:write'
  | 'messages:send'
  | 'questions:view'
  | 'questions:write'
  | 'audit:view';

const EVERYONE: readonly Role[] = ROLES;
const GATE: readonly Role[] = ['qrchecker', 'manager', 'admin'];
const STAFF: readonly Role[] = ['manager', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

const POLICY_TABLE: Record<Action, readonly Role[]> = {
  'ticket:buy': EVERYONE,
  'ticket:own': EVERYONE,
  'ticket:cancel-own': EVERYONE,
  'refund:own': EVERYONE,
  'checkin:scan': GATE,
  'users:view': STAFF,
  'tickets:view': STAFF,
  'analytics:view': STAFF,
  'refunds:view': STAFF,
  'tickets:export': STAFF,
  'tickets:issue-manual': STAFF,
  'tickets:change-status': STAFF,
  'system:health': STAFF,
  'organiser:view': STAFF,
  'users:change-role': ADMIN,
  'users:delete': ADMIN,
  'tickets:delete': ADMIN,
  'event:write': ADMIN,
  'refunds:retry': ADMIN,
  'organiser:write': ADMIN,
  'staff:invite': ADMIN,
  'tax:view': STAFF,
  'tax:write': ADMIN,
  'messages:send': ADMIN,
  // Managers see what guests are asked at checkout; only admins change it, as they change the event.
  'questions:view': STAFF,
  'questions:write': ADMIN,
  // The audit log names every person and what they did: the admins', like the staff list and roles.
  'audit:view': ADMIN,
};

export function can(user: { role: unknown } | null | undefined, action: Action): boolean {
  if (!user) return false;
  return POLICY_TABLE[action].includes(effectiveRole(user.role));
}

export function rolesFor(action: Action): readonly Role[] {
  return POLICY_TABLE[action];
}

export function isStaff(role: unknown): boolean {
  return STAFF.includes(effectiveRole(role));
}

const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  guest: 'Guest',
  manager: 'Manager',
  qrchecker: 'QR Checker',
};

/** The one label of a role on every screen ("QR Checker", never "Qrchecker" or "QR checker"). */
export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}
