import { randomUUID } from 'node:crypto';
import type { Language } from '@utsav/domain/languages';
import type { InvitableRole, StaffInvitationInput } from '@utsav/domain/staff-invitations';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import { lockFor } from '../../platform/db/locks';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { findUserByEmail } from '../../stores/users';
import {
  acceptOpenInvitation,
  findInvitation,
  findOpenInvitation,
  type InvitationRow,
  type InvitationView,
  insertInvitation,
  listInvitations,
  revokeOpenInvitation,
} from './repo';

// Staff invited by email (docs/product.md#staff-invitations). An admin names an address and a role; an email
// goes out through the outbox; the role applies when that person first signs in with the address, verified
// (auth/service.ts calls acceptInvitationAtSignIn in its transaction). Until then it can be revoked.
//
// INVARIANT: at most one open invitation per address (partial unique index staff_invitations_open_email_idx;
// creating one serialises on INVITATIONS_LOCK), and an invitation is accepted or revoked, never both: both are
// conditional updates from open, and the sign-in that accepts holds the row (findOpenInvitation forUpdate).

const INVITATIONS_LOCK = 'staff-invitations';
const LIST_LIMIT = 200;

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export function statusOf(row: InvitationRow): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return 'pending';
}

/**
 * POST /admin/invitations. Nobody invites themselves (no one changes their own role), nor someone who already
 * has an account (their role is changed in User Management, where the last-admin rule is kept). A new
 * invitation for an address replaces the open one.
 */
export async function inviteStaff(
  ctx: AppContext,
  caller: UserRow,
  input: StaffInvitationInput,
  requestLanguage: Language,
): Promise<InvitationRow> {
  if (input.email === caller.email)
    throw new AppError('BAD_REQUEST', 'You cannot invite yourself: nobody changes their own role.');
  const now = ctx.now();
  const stamp = now.toISOString();
  return transaction(ctx.db, async (trx) => {
    await lockFor(trx, INVITATIONS_LOCK);
    const existing = await findUserByEmail(trx, input.email);
    if (existing && existing.firebase_uid !== null && !existing.deleted_at) {
      throw new AppError(
        'ALREADY_REGISTERED',
        'This person already has an account. Change their role in User Management instead.',
      );
    }
    const open = await findOpenInvitation(trx, input.email);
    if (open) await revokeOpenInvitation(trx, open.id, caller.id, stamp);
    const row: InvitationRow = {
      id: randomUUID(),
      email: input.email,
      role: input.role,
      language: input.language ?? requestLanguage,
      invited_by: caller.id,
      created_at: stamp,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
      revoked_by: null,
    };
    await insertInvitation(trx, row);
    await enqueueOutbox(trx, 'staff-invitation', { invitationId: row.id }, now);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'invitation.created',
        entity: 'invitation',
        entityId: row.id,
        data: { email: row.email, role: row.role, replaced: open?.id ?? null },
      },
      now,
    );
    return row;
  });
}

export function recentInvitations(ctx: AppContext): Promise<InvitationView[]> {
  return listInvitations(ctx.db, LIST_LIMIT);
}

/** DELETE /admin/invitations/{id}: an open invitation stops applying; an accepted one is history (409). */
export async function revokeInvitation(ctx: AppContext, caller: UserRow, id: string): Promise<InvitationRow> {
  const now = ctx.now();
  return transaction(ctx.db, async (trx) => {
    const row = await findInvitation(trx, id);
    if (!row) throw new AppError('INVITATION_NOT_FOUND', 'Invitation not found');
    if (statusOf(row) === 'revoked') return row;
    if (!(await revokeOpenInvitation(trx, id, caller.id, now.toISOString()))) {
      throw new AppError(
        'CONFLICT',
        'This invitation was already accepted. Change the person’s role in User Management instead.',
      );
    }
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'invitation.revoked',
        entity: 'invitation',
        entityId: id,
        data: { email: row.email, role: row.role },
      },
      now,
    );
    return (await findInvitation(trx, id))!;
  });
}

/**
 * At a person's first sign-in with a verified address (inside the sign-in's transaction, after their row
 * exists): the open invitation for it, accepted now, or null. The caller applies the role (roleAtSignIn).
 */
export async function acceptInvitationAtSignIn(
  trx: Db,
  user: Pick<UserRow, 'id' | 'email'>,
  now: Date,
): Promise<InvitableRole | null> {
  const open = await findOpenInvitation(trx, user.email, { forUpdate: true });
  if (!open || !(await acceptOpenInvitation(trx, open.id, user.id, now.toISOString()))) return null;
  await recordAudit(
    trx,
    {
      actorUserId: user.id,
      action: 'invitation.accepted',
      entity: 'invitation',
      entityId: open.id,
      data: { role: open.role, invitedBy: open.invited_by },
    },
    now,
  );
  return open.role;
}
