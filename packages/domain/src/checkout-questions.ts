import { z } from 'zod';
import type { Language } from './languages';
import { lazySchema } from './lazy-schema';

// The questions an organiser asks at checkout (GET/PUT /api/admin/checkout-questions): two built-ins (a mobile
// number and the terms' "I confirm I am 18 or older") and up to five of their own (short text, a choice, yes/no),
// each required or optional, asked once per order or once per ticket, for every type or only some. The editor and
// the server run this one schema, so a message under a field is what the server answers for it. How an answer is
// judged: checkout-answers.ts.

export const QUESTION_KINDS = ['phone', 'age-18', 'text', 'choice', 'yes-no'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Asked at most once each; the organiser's own questions are every other kind. */
export const BUILT_IN_KINDS: readonly QuestionKind[] = ['phone', 'age-18'];
export const MAX_OWN_QUESTIONS = 5;
export const MAX_QUESTIONS = MAX_OWN_QUESTIONS + BUILT_IN_KINDS.length;
export const QUESTION_LABEL_MAX = 200;
export const QUESTION_OPTION_MAX = 100;
export const MAX_QUESTION_OPTIONS = 10;

export const CHECKOUT_QUESTION_MESSAGES = {
  kind: 'Choose what kind of question this is',
  label: 'Question text is required',
  labelTooLong: 'Question text is too long',
  option: 'Each option needs text, at most 100 characters',
  optionsCount: 'A choice needs 2 to 10 options',
  optionsRepeated: 'List each option once',
  optionsOnlyForChoice: 'Only a choice has options',
  tooManyOwn: 'At most 5 questions of your own',
  builtInTwice: 'Ask for the mobile number and the age once each',
  idRepeated: 'Each question once',
  flag: 'Must be on or off',
  ticketTypes: 'Choose the ticket types this question is for',
} as const;

const M = CHECKOUT_QUESTION_MESSAGES;

/** A built-in as the editor first adds it: the terms' own words, in the three languages. */
export const BUILT_IN_LABELS = {
  phone: { label: 'Mobile number', labelHi: 'मोबाइल नंबर', labelGu: 'મોબાઇલ નંબર' },
  'age-18': {
    label: 'I confirm I am 18 or older',
    labelHi: 'मैं पुष्टि करता/करती हूँ कि मेरी उम्र 18 वर्ष या उससे अधिक है',
    labelGu: 'હું ખાતરી આપું છું કે મારી ઉંમર 18 વર્ષ કે તેથી વધુ છે',
  },
} as const;

export function isBuiltIn(kind: QuestionKind): boolean {
  return BUILT_IN_KINDS.includes(kind);
}

const label = lazySchema(() =>
  z.string({ error: M.label }).trim().min(1, M.label).max(QUESTION_LABEL_MAX, M.labelTooLong),
);

/** A translation: blank means "say it in English". */
const translation = lazySchema(() =>
  z
    .string({ error: M.labelTooLong })
    .trim()
    .max(QUESTION_LABEL_MAX, M.labelTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
);

export const checkoutQuestionInputSchema = lazySchema(() =>
  z.object({
    /** Kept when editing, so answers given to a question stay with it; absent for a new question. */
    id: z.string().trim().min(1).max(64).optional(),
    kind: z.enum(QUESTION_KINDS, { error: M.kind }),
    label,
    labelHi: translation,
    labelGu: translation,
    options: z
      .array(z.string({ error: M.option }).trim().min(1, M.option).max(QUESTION_OPTION_MAX, M.option), {
        error: M.optionsCount,
      })
      .max(MAX_QUESTION_OPTIONS, M.optionsCount)
      .nullish()
      .transform((value) => value ?? null),
    required: z.boolean({ error: M.flag }),
    perTicket: z.boolean({ error: M.flag }),
    /** Asked only in orders with tickets of these types; absent or empty: every order. */
    ticketTypeIds: z
      .array(z.string({ error: M.ticketTypes }).trim().min(1, M.ticketTypes).max(128, M.ticketTypes), {
        error: M.ticketTypes,
      })
      .max(50, M.ticketTypes)
      .nullish()
      .transform((value) => (value && value.length > 0 ? [...new Set(value)] : null)),
  }),
);

export type CheckoutQuestionInput = z.input<typeof checkoutQuestionInputSchema>;

/** PUT /api/admin/checkout-questions: the whole list, in the order the dialog asks it. */
export const checkoutQuestionsInputSchema = lazySchema(() =>
  z.object({
    questions: z
      .array(checkoutQuestionInputSchema, { error: M.tooManyOwn })
      .max(MAX_QUESTIONS, M.tooManyOwn)
      .superRefine((questions, ctx) => {
        const own = questions.filter((question) => !isBuiltIn(question.kind)).length;
        if (own > MAX_OWN_QUESTIONS) ctx.addIssue({ code: 'custom', message: M.tooManyOwn });
        for (const kind of BUILT_IN_KINDS) {
          if (questions.filter((question) => question.kind === kind).length > 1)
            ctx.addIssue({ code: 'custom', message: M.builtInTwice });
        }
        const ids = questions.flatMap((question) => (question.id ? [question.id] : []));
        if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: M.idRepeated });
        questions.forEach((question, index) => {
          const options = question.options;
          const path = [index, 'options'];
          if (question.kind !== 'choice') {
            if (options && options.length > 0)
              ctx.addIssue({ code: 'custom', path, message: M.optionsOnlyForChoice });
            return;
          }
          if (!options || options.length < 2) ctx.addIssue({ code: 'custom', path, message: M.optionsCount });
          else if (new Set(options).size !== options.length)
            ctx.addIssue({ code: 'custom', path, message: M.optionsRepeated });
        });
      }),
  }),
);

export type CheckoutQuestionsInput = z.output<typeof checkoutQuestionsInputSchema>;

/** A question as stored and as the organiser's editor shows it. */
export interface CheckoutQuestion {
  id: string;
  kind: QuestionKind;
  label: string;
  labelHi: string | null;
  labelGu: string | null;
  /** A choice's options; null for every other kind. */
  options: string[] | null;
  required: boolean;
  perTicket: boolean;
  /** Null: asked in every order. */
  ticketTypeIds: string[] | null;
}

/** The question as a guest sees it: its label in their language (English where none was written). */
export interface AskedQuestion {
  id: string;
  kind: QuestionKind;
  label: string;
  options: string[] | null;
  required: boolean;
  perTicket: boolean;
  ticketTypeIds: string[] | null;
}

export function questionLabel(question: CheckoutQuestion, language: Language): string {
  if (language === 'hi' && question.labelHi) return question.labelHi;
  if (language === 'gu' && question.labelGu) return question.labelGu;
  return question.label;
}

export function askedQuestion(question: CheckoutQuestion, language: Language): AskedQuestion {
  return {
    id: question.id,
    kind: question.kind,
    label: questionLabel(question, language),
    options: question.kind === 'choice' ? question.options : null,
    required: question.required,
    perTicket: question.perTicket,
    ticketTypeIds: question.ticketTypeIds,
  };
}

/** The saved list: each input with its id kept or given (`newId`), options only on a choice. */
export function savedQuestions(input: CheckoutQuestionsInput, newId: () => string): CheckoutQuestion[] {
  return input.questions.map((question) => ({
    id: question.id ?? newId(),
    kind: question.kind,
    label: question.label,
    labelHi: question.labelHi,
    labelGu: question.labelGu,
    options: question.kind === 'choice' ? question.options : null,
    required: question.required,
    perTicket: question.perTicket,
    ticketTypeIds: question.ticketTypeIds,
  }));
}
