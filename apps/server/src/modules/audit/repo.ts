import type { AuditCursor } from '@utsav/domain/api/audit';
import type { Db } from '../../platform/db/database';

// SQL for the audit log viewer: one keyset page, newest first. No business rule lives here.

export interface AuditFilter {
  action?: string | undefined;
  /** Entries by this person, or about them (entity 'user'). */
  userId?: string | undefined;
  /** Entries about this entity (a ticket, an order). */
  entity?: { kind: string; id: string } | undefined;
}

export interface AuditPageRow {
  id: string;
  created_at: string;
  action: string;
  entity: string;
  entity_id: string | null;
  data: string | null;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
}

/**
 * Up to `limit` entries older than `before` ((created_at, id) below it), newest first. A row-value comparison, so
 * both engines seek audit_log_created_idx (or the action's, or the actor's, migration 0043) instead of sorting
 * the table; a ticket's or order's entries come by audit_log_entity_idx, few enough to sort.
 */
export function auditPage(
  db: Db,
  filter: AuditFilter,
  before: AuditCursor | null,
  limit: number,
): Promise<AuditPageRow[]> {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
    .select([
      'audit_log.id',
      'audit_log.created_at',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.data',
      'audit_log.actor_user_id',
      'actor.name as actor_name',
      'actor.email as actor_email',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit);
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.userId) {
    const userId = filter.userId;
    query = query.where((eb) =>
      eb.or([
        eb('audit_log.actor_user_id', '=', userId),
        eb.and([eb('audit_log.entity', '=', 'user'), eb('audit_log.entity_id', '=', userId)]),
      ]),
    );
  }
  if (filter.entity) {
    query = query
      .where('audit_log.entity', '=', filter.entity.kind)
      .where('audit_log.entity_id', '=', filter.entity.id);
  }
  if (before) {
    query = query.where((eb) =>
      eb(eb.refTuple('audit_log.created_at', 'audit_log.id'), '<', eb.tuple(before.at, before.id)),
    );
  }
  return query.execute();
}

/** The names of the people, ticket types and tickets a page's entries mention, for showing them by name. */
export async function auditNames(
  db: Db,
  refs: { userIds: ReadonlySet<string>; typeIds: ReadonlySet<string>; ticketIds: ReadonlySet<string> },
) {
  const users = refs.userIds.size
    ? await db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where('id', 'in', [...refs.userIds])
        .execute()
    : [];
  const types = refs.typeIds.size
    ? await db
        .selectFrom('ticket_types')
        .select(['id', 'name', 'name_hi', 'name_gu'])
        .where('id', 'in', [...refs.typeIds])
        .execute()
    : [];
  const tickets = refs.ticketIds.size
    ? await db
        .selectFrom('tickets')
        .select(['id', 'ticket_code'])
        .where('id', 'in', [...refs.ticketIds])
        .execute()
    : [];
  return { users, types, tickets };
}
