import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { StaffInvitationsTable } from '../../platform/db/schema';

// SQL for staff invitations. An invitation is open while neither accepted_at nor revoked_at is set; the
// partial unique index staff_invitations_open_email_idx keeps at most one open per address.

export type InvitationRow = StaffInvitationsTable;

export interface InvitationView extends InvitationRow {
  inviter_name: string | null;
  inviter_email: string | null;
}

export async function insertInvitation(db: Db, row: InvitationRow): Promise<void> {
  await db.insertInto('staff_invitations').values(row).execute();
}

export function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('staff_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The open invitation of an address. `forUpdate` (a sign-in about to accept it) locks the row on PostgreSQL,
 * so a revocation running at the same moment waits and then finds it accepted; SQLite runs one write
 * transaction at a time anyway.
 */
export function findOpenInvitation(
  db: Db,
  email: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvitationRow | undefined> {
  let query = db
    .selectFrom('staff_invitations')
    .selectAll()
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null);
  if (options.forUpdate && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The latest invitations first, each with who sent it. */
export function listInvitations(db: Db, limit: number): Promise<InvitationView[]> {
  return db
    .selectFrom('staff_invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .selectAll('i')
    .select(['u.name as inviter_name', 'u.email as inviter_email'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

/** Open -> revoked, once: false when it was accepted or revoked first. */
export async function revokeOpenInvitation(db: Db, id: string, by: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ revoked_at: at, revoked_by: by })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Open -> accepted, once: false when it was revoked (or accepted) first. */
export async function acceptOpenInvitation(db: Db, id: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ accepted_at: at, accepted_by: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
