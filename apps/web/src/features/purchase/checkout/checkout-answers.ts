import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import {
  type AnswerRefusal,
  answerField,
  askedInOrder,
  CHECKOUT_ANSWER_MESSAGES,
  type CheckoutAnswer,
  judgeAnswers,
} from '@utsav/domain/checkout-answers';
import type { AskedQuestion } from '@utsav/domain/checkout-questions';
import type { PlannedOrder } from './order-plan';

// The checkout questions as the purchase dialog keeps them: one value per field (`answers.<id>` or
// `answers.<id>.<ticketIndex>`, the server's own field names), judged in the browser by the server's rule
// (@utsav/domain/checkout-answers) before the order is sent, and sent as create-order's `answers`.

export type AnswerValues = Readonly<Record<string, string | boolean>>;

/** Each ticket's type, in the order the items are sent (ticketIndex); the product's payload buys the one listed type. */
export function ticketTypesOf(
  order: Pick<PlannedOrder, 'quantity' | 'items'> | null,
  listed: readonly PublicTicketType[] | undefined,
): (string | null)[] {
  if (!order) return [];
  if (order.items)
    return order.items.flatMap((item) => Array<string | null>(item.quantity).fill(item.ticketTypeId));
  const only = listed?.length === 1 ? (listed[0]?.id ?? null) : null;
  return Array<string | null>(order.quantity).fill(only);
}

export interface AskedField {
  field: string;
  question: AskedQuestion;
  ticketIndex: number | null;
}

/** The fields the dialog shows, question by question, a per-ticket question once per ticket it applies to. */
export function askedFields(
  questions: readonly AskedQuestion[] | undefined,
  ticketTypes: readonly (string | null)[],
): { question: AskedQuestion; fields: AskedField[] }[] {
  return askedInOrder(questions ?? [], ticketTypes).map(({ question, ticketIndexes }) => ({
    question,
    fields: ticketIndexes.map((ticketIndex) => ({
      field: answerField(question.id, ticketIndex),
      question,
      ticketIndex,
    })),
  }));
}

/** What create-order is sent: every field given a value (blank text and unticked boxes count as none). */
export function answersPayload(fields: readonly AskedField[], values: AnswerValues): CheckoutAnswer[] {
  return fields.flatMap(({ field, question, ticketIndex }) => {
    const value = values[field];
    if (value === undefined || value === '') return [];
    return [{ questionId: question.id, value, ...(ticketIndex === null ? {} : { ticketIndex }) }];
  });
}

const MESSAGE_KEYS: Record<string, string> = {
  [CHECKOUT_ANSWER_MESSAGES.required]: 'checkout-questions.answers.required',
  [CHECKOUT_ANSWER_MESSAGES.phone]: 'checkout-questions.answers.phone',
  [CHECKOUT_ANSWER_MESSAGES.age]: 'checkout-questions.answers.age',
  [CHECKOUT_ANSWER_MESSAGES.choice]: 'checkout-questions.answers.choice',
  [CHECKOUT_ANSWER_MESSAGES.yesNo]: 'checkout-questions.answers.yesNo',
  [CHECKOUT_ANSWER_MESSAGES.tooLong]: 'checkout-questions.answers.tooLong',
  [CHECKOUT_ANSWER_MESSAGES.repeated]: 'checkout-questions.answers.repeated',
};

/** The browser's judgement, as errors per field, each message in the reader's language. */
export function localRefusals(
  questions: readonly AskedQuestion[] | undefined,
  fields: readonly AskedField[],
  values: AnswerValues,
  ticketTypes: readonly (string | null)[],
  t: (key: string) => string,
): Record<string, string> {
  const judged = judgeAnswers(questions ?? [], answersPayload(fields, values), ticketTypes);
  if (judged.ok) return {};
  return Object.fromEntries(
    judged.refusals.map((refusal: AnswerRefusal) => {
      const key = MESSAGE_KEYS[refusal.message];
      return [refusal.field, key ? t(key) : refusal.message];
    }),
  );
}
