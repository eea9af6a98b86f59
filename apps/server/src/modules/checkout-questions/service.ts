import { randomUUID } from 'node:crypto';
import {
  answerField,
  type CheckoutAnswer,
  judgeAnswers,
  parseStoredAnswers,
  ticketAnswersView,
} from '@utsav/domain/checkout-answers';
import {
  type AskedQuestion,
  askedQuestion,
  type CheckoutQuestion,
  checkoutQuestionsInputSchema,
  savedQuestions,
} from '@utsav/domain/checkout-questions';
import type { Language } from '@utsav/domain/languages';
import type { OrderItem } from '@utsav/domain/order-lines';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import { lockFor } from '../../platform/db/locks';
import type { UserRow } from '../../platform/db/schema';
import { AppError, fromZodError, validationError } from '../../platform/errors';
import { findCurrentEvent } from '../../stores/events';
import { findEventTypes } from '../../stores/ticket-types';
import { findEventQuestions, findTicketAnswerRow, replaceEventQuestions, setHeldOrderAnswers } from './repo';

// The organiser's questions at checkout (GET/PUT /admin/checkout-questions), what GET /event shows a guest, the
// judgement of a buyer's answers for create-order, and the answers staff read back. Rules: @utsav/domain/
// checkout-questions and checkout-answers.

const QUESTIONS_LOCK = 'checkout-questions';

const UNKNOWN_TYPE = 'Choose the ticket types this question is for';

/** GET /admin/checkout-questions: the current event's list (empty without an event or before any is saved). */
export async function checkoutQuestions(ctx: AppContext): Promise<CheckoutQuestion[]> {
  const event = await findCurrentEvent(ctx.db);
  return event ? findEventQuestions(ctx.db, event.id) : [];
}

/**
 * PUT /admin/checkout-questions: the whole list, replaced in one transaction (two editors saving at once: one list
 * wins whole, never a mix). Ids sent are kept when they are the event's, so answers already given stay with their
 * question; any other id is a new question. Narrowing names the event's own types only.
 */
export async function saveCheckoutQuestions(
  ctx: AppContext,
  caller: UserRow,
  body: unknown,
): Promise<CheckoutQuestion[]> {
  const parsed = checkoutQuestionsInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const event = await findCurrentEvent(ctx.db);
  if (!event) throw new AppError('EVENT_NOT_FOUND', 'No event exists yet. Create it first.');
  const typeIds = new Set((await findEventTypes(ctx.db, event.id)).map((type) => type.id));
  const unknownTypes = parsed.data.questions.flatMap((question, index) =>
    (question.ticketTypeIds ?? []).some((id) => !typeIds.has(id))
      ? [{ field: `questions.${index}.ticketTypeIds`, message: UNKNOWN_TYPE }]
      : [],
  );
  if (unknownTypes.length > 0) throw validationError(unknownTypes);
  const now = ctx.now();
  return transaction(ctx.db, async (trx) => {
    await lockFor(trx, QUESTIONS_LOCK);
    const known = new Set((await findEventQuestions(trx, event.id)).map((question) => question.id));
    const input = {
      questions: parsed.data.questions.map((question) =>
        question.id && known.has(question.id) ? question : { ...question, id: undefined },
      ),
    };
    const questions = savedQuestions(input, randomUUID);
    await replaceEventQuestions(trx, event.id, questions, { userId: caller.id, at: now.toISOString() });
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'checkout-questions.saved',
        entity: 'event',
        entityId: event.id,
        data: { questions: questions.map((question) => ({ id: question.id, kind: question.kind })) },
      },
      now,
    );
    return questions;
  });
}

/** GET /event's `checkoutQuestions`: labelled in the caller's language. */
export async function askedQuestions(db: Db, eventId: string, language: Language): Promise<AskedQuestion[]> {
  return (await findEventQuestions(db, eventId)).map((question) => askedQuestion(question, language));
}

/**
 * The buyer's answers judged against the questions the order is asked, as the JSON kept on the order, or null when
 * it is asked nothing. Refused VALIDATION_FAILED with one detail per question (`answers.<id>[.<ticketIndex>]`).
 * The tickets' types follow the items as sent (ticketIndex, like ticketNames); the product's payload buys the
 * default type.
 */
export async function judgedAnswers(
  db: Db,
  eventId: string,
  asked: { quantity: number; items: OrderItem[] | null },
  answers: readonly CheckoutAnswer[] | undefined,
): Promise<string | null> {
  const questions = await findEventQuestions(db, eventId);
  if (questions.length === 0) return null;
  const narrowed = questions.some((question) => question.ticketTypeIds !== null);
  const defaultType = narrowed
    ? ((await findEventTypes(db, eventId)).find((type) => type.isDefault)?.id ?? null)
    : null;
  const ticketTypes = asked.items
    ? asked.items.flatMap((item) => Array<string | null>(item.quantity).fill(item.ticketTypeId))
    : Array<string | null>(asked.quantity).fill(defaultType);
  const judged = judgeAnswers(questions, answers ?? [], ticketTypes);
  if (!judged.ok) {
    throw validationError(
      judged.refusals.map((refusal) => ({
        field: answerField(refusal.questionId, refusal.ticketIndex),
        message: refusal.message,
      })),
    );
  }
  return judged.answers.length > 0 ? JSON.stringify(judged.answers) : null;
}

/** GET /admin/tickets/{id}/answers: what the buyer answered for this ticket (its order's answers and its own). */
export async function ticketAnswers(ctx: AppContext, ticketId: string) {
  const row = await findTicketAnswerRow(ctx.db, ticketId);
  if (!row) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
  return ticketAnswersView(parseStoredAnswers(row.checkout_answers), row.seq - 1);
}

/** A waitlist offer's hold, made before its buyer was asked anything, gets their answers when they check out. */
export function recordOfferAnswers(db: Db, orderId: string, answers: string): Promise<void> {
  return setHeldOrderAnswers(db, orderId, answers);
}
