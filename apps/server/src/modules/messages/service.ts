import { randomUUID } from 'node:crypto';
import type {
  GuestMessageDetail,
  GuestMessagePreviewAnswer,
  GuestMessageSummary,
} from '@utsav/domain/api/messages';
import {
  GUEST_MESSAGE_TEXTS,
  type GuestMessageRequest,
  messageLanguages,
  messageMailDue,
} from '@utsav/domain/guest-messages';
import type { Language } from '@utsav/domain/languages';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/errors';
import { guestMessageMailFor } from '../../platform/mail/templates/guest-message';
import { enqueueOutboxMany } from '../../platform/outbox/repo';
import { findCurrentEvent } from '../../stores/events';
import {
  audienceOf,
  findMessage,
  insertMails,
  insertMessage,
  lastMessageMailDue,
  latestMessages,
  type MailCounts,
  type MessageRow,
  mailCounts,
  textsOf,
  typesOfEvent,
} from './repo';

// Messages from the organiser to guests (admin only: the routes' action). Sending is one transaction: the
// message, one outbox row per person (spread over time at MESSAGE_MAILS_PER_MINUTE) and the row naming it, and the
// audit entry; the mails go after the commit, through the outbox (durable, retried). One mail per person is the
// audience's DISTINCT and the mails table's primary key; its language is chosen when it is sent (mail-handlers.ts).

/** How many messages the panel lists. */
const LIST_LIMIT = 100;

/** Who an input reaches now: the caller alone for a test, else the audience of the current event. */
async function recipientsOf(db: Db, caller: UserRow, input: GuestMessageRequest): Promise<string[]> {
  if (input.test) return [caller.id];
  const event = await findCurrentEvent(db);
  if (!event) return [];
  const types = await typesOfEvent(db, event.id);
  const unknown = input.ticketTypeIds.findIndex((id) => !types.ids.includes(id));
  if (unknown !== -1) {
    throw validationError([{ field: `ticketTypeIds.${unknown}`, message: GUEST_MESSAGE_TEXTS.unknownType }]);
  }
  return audienceOf(db, {
    eventId: event.id,
    audience: input.audience,
    ticketTypeIds: input.ticketTypeIds,
    defaultTypeId: types.defaultId,
  });
}

export async function sendMessage(
  ctx: AppContext,
  caller: UserRow,
  input: GuestMessageRequest,
): Promise<GuestMessageDetail> {
  const now = ctx.now();
  // A test never takes the form's key: the real send that follows must not find the test in its place.
  const id = (!input.test && input.idempotencyKey) || randomUUID();
  const queued = await transaction(ctx.db, async (trx) => {
    const earlier = await findMessage(trx, id);
    if (earlier) return earlier;
    const people = await recipientsOf(trx, caller, input);
    // A message to nobody is refused, not recorded as sent to 0 people (a test always has its one reader).
    if (people.length === 0) throw new AppError('CONFLICT', GUEST_MESSAGE_TEXTS.noRecipients);
    const event = await findCurrentEvent(trx);
    // The id is the primary key: two requests with the same key at once insert one row; the other inserts
    // nothing (PostgreSQL waits for the first to commit, SQLite runs them one after the other) and queues nothing.
    const inserted = await insertMessage(trx, {
      id,
      event_id: event?.id ?? null,
      subject: input.subject,
      body: input.body,
      subject_hi: input.subjectHi ?? null,
      body_hi: input.bodyHi ?? null,
      subject_gu: input.subjectGu ?? null,
      body_gu: input.bodyGu ?? null,
      audience: input.audience,
      ticket_type_ids: JSON.stringify(input.ticketTypeIds),
      test: input.test ? 1 : 0,
      sent_by: caller.id,
      recipients: people.length,
      created_at: now.toISOString(),
    });
    if (!inserted) return findMessage(trx, id);
    // A test goes at once; a message's mails queue after those of a message still going out, so two messages
    // never add up to more than the rate.
    const last = input.test ? null : await lastMessageMailDue(trx);
    const start = last && Date.parse(last) > now.getTime() ? new Date(last) : now;
    const outboxIds = await enqueueOutboxMany(
      trx,
      'guest-message',
      people.map((userId, index) => ({
        payload: { messageId: id, userId },
        at: input.test ? now : messageMailDue(start, index),
      })),
      now,
    );
    await insertMails(
      trx,
      people.map((userId, index) => ({ message_id: id, user_id: userId, outbox_id: outboxIds[index]! })),
    );
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: input.test ? 'message.test-sent' : 'message.sent',
        entity: 'message',
        entityId: id,
        data: {
          subject: input.subject,
          audience: input.audience,
          ticketTypeIds: input.ticketTypeIds,
          recipients: people.length,
          languages: messageLanguages(input),
        },
      },
      now,
    );
    return undefined;
  });
  if (queued && queued.sent_by !== caller.id) throw new AppError('CONFLICT', GUEST_MESSAGE_TEXTS.keyTaken);
  return getMessage(ctx, id);
}

export async function previewMessage(
  ctx: AppContext,
  caller: UserRow,
  input: GuestMessageRequest,
  language: Language = 'en',
): Promise<Omit<GuestMessagePreviewAnswer, 'success'>> {
  const people = await recipientsOf(ctx.db, caller, input);
  const mail = guestMessageMailFor(input, { ...caller, language }, await ctx.organiser());
  return {
    recipients: people.length,
    email: { language: mail.language, subject: mail.subject, html: mail.html, text: mail.text },
  };
}

export async function listMessages(ctx: AppContext): Promise<GuestMessageSummary[]> {
  const rows = await latestMessages(ctx.db, LIST_LIMIT);
  const counts = await mailCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summaryOf(row, counts.get(row.id)));
}

export async function getMessage(ctx: AppContext, id: string): Promise<GuestMessageDetail> {
  const row = await findMessage(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', GUEST_MESSAGE_TEXTS.notFound);
  const counts = await mailCounts(ctx.db, [id]);
  return {
    ...summaryOf(row, counts.get(id)),
    body: row.body,
    subjectHi: row.subject_hi,
    bodyHi: row.body_hi,
    subjectGu: row.subject_gu,
    bodyGu: row.body_gu,
  };
}

function summaryOf(row: MessageRow, counts: MailCounts | undefined): GuestMessageSummary {
  return {
    id: row.id,
    subject: row.subject,
    audience: row.audience,
    ticketTypeIds: JSON.parse(row.ticket_type_ids) as string[],
    test: Number(row.test) === 1,
    languages: messageLanguages(textsOf(row)),
    sentBy: { id: row.sent_by, name: row.sender_name ?? '' },
    createdAt: new Date(row.created_at).toISOString(),
    recipients: row.recipients,
    queued: counts?.queued ?? 0,
    sent: counts?.sent ?? 0,
    failed: counts?.failed ?? 0,
  };
}
