import {
  AUDIENCE_TICKET_STATUSES,
  type MessageAudience,
  type MessageTexts,
} from '@utsav/domain/guest-messages';
import { LIVE_WAITLIST_STATUSES } from '@utsav/domain/waitlist';
import type { Db } from '../../platform/db/database';
import type { GuestMessageMailsTable, GuestMessagesTable } from '../../platform/db/schema-messages';

// SQL of messages to guests: who an audience is (each person once), the messages and their mails, and the
// mails' progress read from the outbox rows they name.

export interface AudienceQuery {
  eventId: string;
  audience: MessageAudience;
  /** [] means every type. */
  ticketTypeIds: readonly string[];
  /** The event's default type: a ticket or waiting place without a type is of it. */
  defaultTypeId: string | null;
}

/**
 * The people of an audience, each once however many tickets or places they have, ordered by id. People whose
 * account was deleted are left out: their address is gone.
 */
export async function audienceOf(db: Db, query: AudienceQuery): Promise<string[]> {
  const types = [...query.ticketTypeIds];
  const typeless = query.defaultTypeId !== null && types.includes(query.defaultTypeId);
  const rows =
    query.audience === 'waitlist'
      ? await db
          .selectFrom('waitlist_entries as w')
          .innerJoin('users as u', 'u.id', 'w.user_id')
          .select('w.user_id')
          .distinct()
          .where('w.event_id', '=', query.eventId)
          .where('w.status', 'in', [...LIVE_WAITLIST_STATUSES])
          .where('u.deleted_at', 'is', null)
          .$if(types.length > 0, (q) =>
            q.where((eb) =>
              typeless
                ? eb.or([eb('w.ticket_type_id', 'in', types), eb('w.ticket_type_id', 'is', null)])
                : eb('w.ticket_type_id', 'in', types),
            ),
          )
          .orderBy('w.user_id')
          .execute()
      : await db
          .selectFrom('tickets as t')
          .innerJoin('users as u', 'u.id', 't.user_id')
          .select('t.user_id')
          .distinct()
          .where('t.event_id', '=', query.eventId)
          .where('t.status', 'in', [...AUDIENCE_TICKET_STATUSES[query.audience]])
          .where('u.deleted_at', 'is', null)
          .$if(types.length > 0, (q) =>
            q.where((eb) =>
              typeless
                ? eb.or([eb('t.ticket_type_id', 'in', types), eb('t.ticket_type_id', 'is', null)])
                : eb('t.ticket_type_id', 'in', types),
            ),
          )
          .orderBy('t.user_id')
          .execute();
  return rows.map((row) => row.user_id);
}

/** The event's ticket type ids, the default one marked. */
export async function typesOfEvent(
  db: Db,
  eventId: string,
): Promise<{ ids: string[]; defaultId: string | null }> {
  const rows = await db
    .selectFrom('ticket_types')
    .select(['id', 'is_default'])
    .where('event_id', '=', eventId)
    .execute();
  return {
    ids: rows.map((row) => row.id),
    defaultId: rows.find((row) => Number(row.is_default) === 1)?.id ?? null,
  };
}

/** When the last message mail still waiting is due: a new message's mails are spread after it. */
export async function lastMessageMailDue(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('next_attempt_at').as('due'))
    .where('status', '=', 'pending')
    .where('kind', '=', 'guest-message')
    .executeTakeFirst();
  return row?.due ? String(row.due) : null;
}

/** False when a message with this id is there already (a resent form's key): nothing is written then. */
export async function insertMessage(trx: Db, row: GuestMessagesTable): Promise<boolean> {
  const inserted = await trx
    .insertInto('guest_messages')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Inserts in chunks that stay under both engines' bound-parameter limits. */
export async function insertMails(trx: Db, rows: GuestMessageMailsTable[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await trx
      .insertInto('guest_message_mails')
      .values(rows.slice(start, start + 1000))
      .execute();
  }
}

export type MessageRow = GuestMessagesTable & { sender_name: string | null };

function messagesQuery(db: Db) {
  return db
    .selectFrom('guest_messages as m')
    .leftJoin('users as u', 'u.id', 'm.sent_by')
    .selectAll('m')
    .select('u.name as sender_name');
}

/** A stored message's texts, as the rules read them. */
export function textsOf(row: MessageRow): MessageTexts {
  return {
    subject: row.subject,
    body: row.body,
    subjectHi: row.subject_hi,
    bodyHi: row.body_hi,
    subjectGu: row.subject_gu,
    bodyGu: row.body_gu,
  };
}

export function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return messagesQuery(db).where('m.id', '=', id).executeTakeFirst();
}

/** Newest first. */
export function latestMessages(db: Db, limit: number): Promise<MessageRow[]> {
  return messagesQuery(db).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
}

export interface MailCounts {
  queued: number;
  sent: number;
  failed: number;
}

/** Each message's mails by outbox state: pending (retries included) is queued. */
export async function mailCounts(db: Db, messageIds: readonly string[]): Promise<Map<string, MailCounts>> {
  const counts = new Map<string, MailCounts>();
  if (messageIds.length === 0) return counts;
  const rows = await db
    .selectFrom('guest_message_mails as g')
    .innerJoin('outbox as o', 'o.id', 'g.outbox_id')
    .select(['g.message_id', 'o.status'])
    .select((eb) => eb.fn.countAll().as('n'))
    .where('g.message_id', 'in', [...messageIds])
    .groupBy(['g.message_id', 'o.status'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.message_id) ?? { queued: 0, sent: 0, failed: 0 };
    const n = Number(row.n);
    if (row.status === 'sent') entry.sent += n;
    else if (row.status === 'failed') entry.failed += n;
    else entry.queued += n;
    counts.set(row.message_id, entry);
  }
  return counts;
}
