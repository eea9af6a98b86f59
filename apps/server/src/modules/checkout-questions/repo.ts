import type { CheckoutQuestion } from '@utsav/domain/checkout-questions';
import type { Db } from '../../platform/db/database';
import type { CheckoutQuestionRow } from '../../platform/db/schema-questions';

// SQL only: an event's checkout questions, in the order they are asked, and the answers kept on orders.

function listOf(json: string | null): string[] | null {
  if (!json) return null;
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.map(String) : null;
}

function questionOf(row: CheckoutQuestionRow): CheckoutQuestion {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    labelHi: row.label_hi,
    labelGu: row.label_gu,
    options: listOf(row.options),
    required: Boolean(row.required),
    perTicket: Boolean(row.per_ticket),
    ticketTypeIds: listOf(row.ticket_type_ids),
  };
}

export async function findEventQuestions(db: Db, eventId: string): Promise<CheckoutQuestion[]> {
  const rows = await db
    .selectFrom('checkout_questions')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .execute();
  return rows.map(questionOf);
}

/** The event's list replaced by `questions`, in their order (inside the caller's transaction). */
export async function replaceEventQuestions(
  trx: Db,
  eventId: string,
  questions: readonly CheckoutQuestion[],
  by: { userId: string; at: string },
): Promise<void> {
  await trx.deleteFrom('checkout_questions').where('event_id', '=', eventId).execute();
  if (questions.length === 0) return;
  await trx
    .insertInto('checkout_questions')
    .values(
      questions.map((question, position) => ({
        id: question.id,
        event_id: eventId,
        position,
        kind: question.kind,
        label: question.label,
        label_hi: question.labelHi,
        label_gu: question.labelGu,
        options: question.options ? JSON.stringify(question.options) : null,
        required: question.required ? 1 : 0,
        per_ticket: question.perTicket ? 1 : 0,
        ticket_type_ids: question.ticketTypeIds ? JSON.stringify(question.ticketTypeIds) : null,
        updated_by: by.userId,
        updated_at: by.at,
      })),
    )
    .execute();
}

/**
 * A waitlist offer's hold was written before its buyer was asked anything: their answers go on it when they check
 * out through it, while it is still an unpaid hold of theirs.
 */
export async function setHeldOrderAnswers(db: Db, orderId: string, answers: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ checkout_answers: answers })
    .where('id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}

/** The answers kept with a ticket's order, and the ticket's place in it. */
export function findTicketAnswerRow(
  db: Db,
  ticketId: string,
): Promise<{ seq: number; checkout_answers: string | null } | undefined> {
  return db
    .selectFrom('tickets')
    .leftJoin('orders', 'orders.id', 'tickets.order_id')
    .select(['tickets.seq', 'orders.checkout_answers'])
    .where('tickets.id', '=', ticketId)
    .executeTakeFirst()
    .then((row) => (row ? { seq: row.seq, checkout_answers: row.checkout_answers ?? null } : undefined));
}
