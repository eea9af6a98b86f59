import type { AuditAction } from '@utsav/domain/audit-actions';
import type { Db } from '../db/database';
import type { AuditLogTable } from '../db/schema';
import { timeOrderedId } from '../db/time-ordered-id';

export interface AuditEntry {
  actorUserId: string | null;
  /** Only a named action (its label is in @utsav/domain/audit-actions, in every language). */
  action: AuditAction;
  entity: string;
  entityId: string | null;
  data?: Record<string, unknown>;
}

/** Append-only record of every state change; call it inside the transaction that makes the change. */
export async function recordAudit(db: Db, entry: AuditEntry, at: Date): Promise<void> {
  await insertAuditRow(db, auditRow(entry, at));
}

export async function insertAuditRow(db: Db, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** The row recordAudit writes, for a statement that writes it together with the change (a CTE on PostgreSQL). */
export function auditRow(entry: AuditEntry, at: Date): AuditLogTable {
  return {
    // Time-ordered: appended at the end of the table's key index (every hold writes one: time-ordered-id.ts).
    id: timeOrderedId(),
    actor_user_id: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    data: entry.data ? JSON.stringify(entry.data) : null,
    created_at: at.toISOString(),
  };
}
