import { z } from 'zod';
import type { AskedQuestion, CheckoutQuestion, QuestionKind } from './checkout-questions';
import { lazySchema } from './lazy-schema';

// A buyer's answers to the checkout questions (create-order's `answers`), judged against the questions the order
// is asked: those for every order, and those narrowed to ticket types only when the order has a ticket of one of
// them. A per-ticket question is answered once for each ticket it applies to (ticketIndex: the ticket's place in
// the order, from 0, in the order of the items as sent, as ticketNames are), any other once for the order. The
// server refuses the order with one detail per unanswered or wrongly answered question, its field naming the
// question's id (`answers.<id>`, or `answers.<id>.<ticketIndex>`); the purchase dialog shows each under its field.
// Answers to questions the order is not asked (one removed while the dialog was open) are left out, not refused.

export const CHECKOUT_ANSWER_MESSAGES = {
  required: 'Please answer this question',
  phone: 'Enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9, with or without +91',
  age: 'Please confirm you are 18 or older',
  choice: 'Choose one of the options',
  yesNo: 'Answer yes or no',
  tooLong: 'Answers may be at most 500 characters',
  repeated: 'Answer each question once',
} as const;

const M = CHECKOUT_ANSWER_MESSAGES;

export const ANSWER_TEXT_MAX = 500;

export const checkoutAnswerSchema = lazySchema(() =>
  z.object({
    questionId: z.string({ error: M.required }).trim().min(1, M.required).max(64, M.required),
    /** Text, a phone number, an option; yes/no and the age tick as true/false (or 'yes'/'no'). */
    value: z.union([z.string().max(ANSWER_TEXT_MAX * 2, M.tooLong), z.boolean()], { error: M.required }),
    ticketIndex: z.number().int().min(0).max(999).optional(),
  }),
);

export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

export const checkoutAnswersSchema = lazySchema(() =>
  z.array(checkoutAnswerSchema, { error: M.required }).max(500),
);

/** An answer as stored with the order: normalised, and with the question's English label of the day. */
export interface StoredAnswer {
  questionId: string;
  kind: QuestionKind;
  label: string;
  /** '+91XXXXXXXXXX' for a phone, 'yes'/'no' for yes/no and the age tick, else the text or option. */
  value: string;
  /** Null: answered for the whole order. */
  ticketIndex: number | null;
}

export interface AnswerRefusal {
  /** `answers.<questionId>` or `answers.<questionId>.<ticketIndex>`. */
  field: string;
  questionId: string;
  ticketIndex: number | null;
  message: string;
}

export type AnswersJudgement =
  | { ok: true; answers: StoredAnswer[] }
  | { ok: false; refusals: AnswerRefusal[] };

/** '+91' and the 10 digits of an Indian mobile number, or null. Spaces, dashes, a leading 0 or 91 are allowed. */
export function normaliseIndianMobile(value: string): string | null {
  const compact = value.replace(/[\s\-().]/g, '');
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}

/** '+91 98765 43210' as people read it. */
export function formatIndianMobile(value: string): string {
  const normal = normaliseIndianMobile(value);
  return normal ? `+91 ${normal.slice(3, 8)} ${normal.slice(8)}` : value;
}

type Question = Pick<
  CheckoutQuestion | AskedQuestion,
  'id' | 'kind' | 'options' | 'required' | 'perTicket' | 'ticketTypeIds'
>;

function appliesToType(question: Question, ticketTypeId: string | null): boolean {
  return (
    question.ticketTypeIds === null ||
    (ticketTypeId !== null && question.ticketTypeIds.includes(ticketTypeId))
  );
}

/**
 * Where each question is asked in an order whose tickets are of `ticketTypes` (one entry per ticket, its type; null
 * where the type is not known, which only questions for every type apply to): the ticket indexes of a per-ticket
 * question, or [null] for a question asked once. Questions the order is not asked are left out.
 */
export function askedInOrder<Q extends Question>(
  questions: readonly Q[],
  ticketTypes: readonly (string | null)[],
): { question: Q; ticketIndexes: (number | null)[] }[] {
  const asked: { question: Q; ticketIndexes: (number | null)[] }[] = [];
  for (const question of questions) {
    const indexes = ticketTypes.flatMap((type, index) => (appliesToType(question, type) ? [index] : []));
    if (indexes.length === 0) continue;
    asked.push({ question, ticketIndexes: question.perTicket ? indexes : [null] });
  }
  return asked;
}

export function answerField(questionId: string, ticketIndex: number | null): string {
  return ticketIndex === null ? `answers.${questionId}` : `answers.${questionId}.${ticketIndex}`;
}

function isBlank(value: string | boolean): boolean {
  return typeof value === 'string' && value.trim() === '';
}

function yesNoOf(value: string | boolean): 'yes' | 'no' | null {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const word = value.trim().toLowerCase();
  if (word === 'yes' || word === 'true') return 'yes';
  if (word === 'no' || word === 'false') return 'no';
  return null;
}

/** One given answer normalised, or the message saying what is wrong with it (null: it counts as not given). */
function judgeValue(
  question: Question,
  value: string | boolean,
): { value: string } | { message: string } | null {
  if (isBlank(value)) return null;
  switch (question.kind) {
    case 'phone': {
      const phone = typeof value === 'string' ? normaliseIndianMobile(value) : null;
      return phone ? { value: phone } : { message: M.phone };
    }
    case 'age-18': {
      const tick = yesNoOf(value);
      if (tick === null) return { message: M.age };
      // Unticked is no answer: the tick is only ever a yes.
      return tick === 'yes' ? { value: 'yes' } : null;
    }
    case 'yes-no': {
      const answer = yesNoOf(value);
      return answer ? { value: answer } : { message: M.yesNo };
    }
    case 'choice': {
      const option = typeof value === 'string' ? value.trim() : '';
      return question.options?.includes(option) ? { value: option } : { message: M.choice };
    }
    case 'text': {
      if (typeof value !== 'string') return { message: M.required };
      const text = value.trim();
      return text.length > ANSWER_TEXT_MAX ? { message: M.tooLong } : { value: text };
    }
  }
}

function missingMessage(kind: QuestionKind): string {
  return kind === 'age-18' ? M.age : M.required;
}

/**
 * The answers to store with the order, or a refusal for each question the order is asked that is required and
 * unanswered, or answered in a way its kind does not allow (an optional question's answer must be valid too).
 */
export function judgeAnswers(
  questions: readonly (Question & { label: string })[],
  answers: readonly CheckoutAnswer[],
  ticketTypes: readonly (string | null)[],
): AnswersJudgement {
  const given = new Map<string, CheckoutAnswer[]>();
  for (const answer of answers) {
    const list = given.get(answer.questionId) ?? [];
    list.push(answer);
    given.set(answer.questionId, list);
  }
  const stored: StoredAnswer[] = [];
  const refusals: AnswerRefusal[] = [];
  const refuse = (questionId: string, ticketIndex: number | null, message: string) =>
    refusals.push({ field: answerField(questionId, ticketIndex), questionId, ticketIndex, message });
  for (const { question, ticketIndexes } of askedInOrder(questions, ticketTypes)) {
    const mine = given.get(question.id) ?? [];
    for (const ticketIndex of ticketIndexes) {
      const here = mine.filter((answer) => ticketIndex === null || answer.ticketIndex === ticketIndex);
      if (here.length > 1) {
        refuse(question.id, ticketIndex, M.repeated);
        continue;
      }
      const judged = here[0] ? judgeValue(question, here[0].value) : null;
      if (judged === null) {
        if (question.required) refuse(question.id, ticketIndex, missingMessage(question.kind));
      } else if ('message' in judged) refuse(question.id, ticketIndex, judged.message);
      else
        stored.push({
          questionId: question.id,
          kind: question.kind,
          label: question.label,
          value: judged.value,
          ticketIndex,
        });
    }
  }
  return refusals.length > 0 ? { ok: false, refusals } : { ok: true, answers: stored };
}

/** The stored answers of one ticket (0-based place in its order): the order's own and the ticket's. */
export function answersOfTicket(answers: readonly StoredAnswer[], ticketIndex: number): StoredAnswer[] {
  return answers.filter((answer) => answer.ticketIndex === null || answer.ticketIndex === ticketIndex);
}

/** The mobile number of one ticket's answers (the ticket's own before the order's), or null. */
export function phoneOfTicket(answers: readonly StoredAnswer[], ticketIndex: number): string | null {
  const phones = answersOfTicket(answers, ticketIndex).filter((answer) => answer.kind === 'phone');
  const own = phones.find((answer) => answer.ticketIndex === ticketIndex);
  return (own ?? phones[0])?.value ?? null;
}

/** The answers as the order row keeps them (JSON), read back; a row that cannot be read answers nothing. */
export function parseStoredAnswers(json: string | null | undefined): StoredAnswer[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (answer): answer is StoredAnswer =>
        typeof answer === 'object' &&
        answer !== null &&
        typeof answer.questionId === 'string' &&
        typeof answer.value === 'string' &&
        typeof answer.label === 'string',
    );
  } catch {
    return [];
  }
}

/** An answer as a person reads it: a phone spaced, yes/no in words. */
export function answerText(answer: Pick<StoredAnswer, 'kind' | 'value'>): string {
  if (answer.kind === 'phone') return formatIndianMobile(answer.value);
  if (answer.kind === 'yes-no' || answer.kind === 'age-18') return answer.value === 'yes' ? 'Yes' : 'No';
  return answer.value;
}

/** One ticket's answers as staff read them (Ticket Management, the gate, the attendee export). */
export function ticketAnswersView(
  answers: readonly StoredAnswer[],
  ticketIndex: number,
): { questionId: string; kind: QuestionKind; label: string; value: string; perTicket: boolean }[] {
  return answersOfTicket(answers, ticketIndex).map((answer) => ({
    questionId: answer.questionId,
    kind: answer.kind,
    label: answer.label,
    value: answerText(answer),
    perTicket: answer.ticketIndex !== null,
  }));
}
