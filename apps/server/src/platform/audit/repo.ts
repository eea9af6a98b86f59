import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  data?: Record<string, unknown>;
}

/** Append-only record of every state change; call it inside the transaction that makes the change. */
export async function recordAudit(db: Db, entry: AuditEntry, at: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      data: entry.data ? JSON.stringify(entry.data) : null,
      created_at: at.toISOString(),
    })
    .execute();
}
