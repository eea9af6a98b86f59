import { z } from 'zod';
import { LANGUAGES } from './languages';
import { lazySchema } from './lazy-schema';
import type { Role } from './roles';

// Staff invited by email (docs/product.md#staff-invitations): an admin gives a role to an address before its
// owner has an account; the role applies when that person first signs in with the address, verified.

export const INVITABLE_ROLES = ['admin', 'manager', 'qrchecker'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const INVITATION_MESSAGES = {
  email: 'Please enter a valid email address',
  role: 'Role must be one of admin, manager, qrchecker',
} as const;

export const staffInvitationSchema = lazySchema(() =>
  z
    .object({
      email: z
        .string({ error: INVITATION_MESSAGES.email })
        .trim()
        .toLowerCase()
        .max(254, INVITATION_MESSAGES.email)
        .pipe(z.email(INVITATION_MESSAGES.email)),
      role: z.enum(INVITABLE_ROLES, { error: INVITATION_MESSAGES.role }),
      /** The language of the invitation email; absent: the language the inviter's request is in. */
      language: z.enum(LANGUAGES).optional(),
    })
    .strict(),
);

export type StaffInvitationInput = z.infer<typeof staffInvitationSchema>;

const RANK: Record<Role, number> = { guest: 0, qrchecker: 1, manager: 2, admin: 3 };

export interface SignInRoleInput {
  /** The role stored for the person; null for someone signing in for the first time. */
  stored: Role | null;
  /** Their verified address is on ADMIN_EMAILS. */
  listed: boolean;
  /** The role of an open invitation for their verified address, at their first sign-in only. */
  invited: InvitableRole | null;
}

/**
 * The role someone has once signed in. A listed address is admin at every sign-in (ADMIN_EMAILS is the
 * organiser's own list; a restart with a new list takes effect at the next sign-in). An invitation gives its
 * role, but never lowers one a person already has: an admin row made by hand stays admin, so an invitation can
 * never remove the last admin.
 */
export function roleAtSignIn(input: SignInRoleInput): Role {
  if (input.listed) return 'admin';
  const stored = input.stored ?? 'guest';
  if (!input.invited) return stored;
  return RANK[input.invited] > RANK[stored] ? input.invited : stored;
}
