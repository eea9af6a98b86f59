import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CHECKOUT_ANSWER_MESSAGES } from '../src/checkout-answers';
import {
  askedQuestion,
  type CheckoutQuestion,
  checkoutQuestionsInputSchema,
  isBuiltIn,
  CHECKOUT_QUESTION_MESSAGES as M,
  MAX_OWN_QUESTIONS,
  questionLabel,
  savedQuestions,
} from '../src/checkout-questions';
import { fieldErrors } from '../src/event-schema';
import gu from '../src/messages/gu.json' with { type: 'json' };
import hi from '../src/messages/hi.json' with { type: 'json' };

function errors(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : fieldErrors(parsed.error).map(({ field, message }) => [field, message]);
}

const own = (label: string) => ({ kind: 'text' as const, label, required: false, perTicket: false });

describe('the organiser’s list of questions', () => {
  it('takes the two built-ins and five questions of their own, and normalises blanks', () => {
    const parsed = checkoutQuestionsInputSchema.parse({
      questions: [
        {
          kind: 'phone',
          label: ' Mobile number ',
          labelHi: '',
          labelGu: 'મોબાઇલ નંબર',
          required: true,
          perTicket: true,
        },
        { kind: 'age-18', label: 'I confirm I am 18 or older', required: true, perTicket: false },
        ...['A', 'B', 'C', 'D'].map(own),
        {
          kind: 'choice',
          label: 'Dandiya?',
          options: ['Own', 'Rent'],
          required: false,
          perTicket: false,
          ticketTypeIds: ['t1', 't1'],
        },
      ],
    });
    expect(parsed.questions).toHaveLength(7);
    expect(parsed.questions[0]).toMatchObject({
      label: 'Mobile number',
      labelHi: null,
      labelGu: 'મોબાઇલ નંબર',
      options: null,
      ticketTypeIds: null,
    });
    expect(parsed.questions[6]).toMatchObject({ options: ['Own', 'Rent'], ticketTypeIds: ['t1'] });
  });

  it('an empty list asks nothing', () => {
    expect(checkoutQuestionsInputSchema.parse({ questions: [] })).toEqual({ questions: [] });
  });

  it('refuses a sixth question of their own', () => {
    const questions = Array.from({ length: MAX_OWN_QUESTIONS + 1 }, (_, i) => own(`Q${i}`));
    expect(errors(checkoutQuestionsInputSchema, { questions })).toContainEqual(['questions', M.tooManyOwn]);
  });

  it('refuses a built-in asked twice, and an id given twice', () => {
    const phone = { kind: 'phone', label: 'Mobile', required: true, perTicket: false };
    expect(errors(checkoutQuestionsInputSchema, { questions: [phone, phone] })).toContainEqual([
      'questions',
      M.builtInTwice,
    ]);
    const twice = [
      { ...own('A'), id: 'x' },
      { ...own('B'), id: 'x' },
    ];
    expect(errors(checkoutQuestionsInputSchema, { questions: twice })).toContainEqual([
      'questions',
      M.idRepeated,
    ]);
  });

  it('a choice needs two to ten distinct options; other kinds have none', () => {
    const choice = (options: unknown) => ({
      questions: [{ kind: 'choice', label: 'Pick', options, required: true, perTicket: false }],
    });
    expect(errors(checkoutQuestionsInputSchema, choice(['Only']))).toEqual([
      ['questions.0.options', M.optionsCount],
    ]);
    expect(errors(checkoutQuestionsInputSchema, choice(undefined))).toEqual([
      ['questions.0.options', M.optionsCount],
    ]);
    expect(errors(checkoutQuestionsInputSchema, choice(['A', 'A']))).toEqual([
      ['questions.0.options', M.optionsRepeated],
    ]);
    expect(
      errors(checkoutQuestionsInputSchema, choice(Array.from({ length: 11 }, (_, i) => `O${i}`))),
    ).toEqual([['questions.0.options', M.optionsCount]]);
    expect(errors(checkoutQuestionsInputSchema, choice(['A', ' ']))).toEqual([
      ['questions.0.options.1', M.option],
    ]);
    expect(
      errors(checkoutQuestionsInputSchema, { questions: [{ ...own('A'), options: ['x', 'y'] }] }),
    ).toEqual([['questions.0.options', M.optionsOnlyForChoice]]);
  });

  it('names the field of a missing label, kind or flag', () => {
    expect(
      errors(checkoutQuestionsInputSchema, {
        questions: [{ kind: 'essay', label: ' ', required: 'yes', perTicket: false }],
      }),
    ).toEqual([
      ['questions.0.kind', M.kind],
      ['questions.0.label', M.label],
      ['questions.0.required', M.flag],
    ]);
    expect(errors(checkoutQuestionsInputSchema, { questions: [own('x'.repeat(201))] })).toEqual([
      ['questions.0.label', M.labelTooLong],
    ]);
  });

  it('keeps ids given, makes new ones, and drops options from anything but a choice', () => {
    let n = 0;
    const input = checkoutQuestionsInputSchema.parse({ questions: [{ ...own('A'), id: 'kept' }, own('B')] });
    expect(savedQuestions(input, () => `new-${++n}`).map((q) => q.id)).toEqual(['kept', 'new-1']);
  });

  it('phone and age are the built-ins', () => {
    expect(['phone', 'age-18', 'text', 'choice', 'yes-no'].map((k) => isBuiltIn(k as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('a question in the caller’s language', () => {
  const question: CheckoutQuestion = {
    id: 'q',
    kind: 'yes-no',
    label: 'Vegetarian?',
    labelHi: 'शाकाहारी?',
    labelGu: null,
    options: ['stray'],
    required: false,
    perTicket: false,
    ticketTypeIds: null,
  };
  it('uses the translation when written, else English', () => {
    expect(questionLabel(question, 'hi')).toBe('शाकाहारी?');
    expect(questionLabel(question, 'gu')).toBe('Vegetarian?');
    expect(questionLabel(question, 'en')).toBe('Vegetarian?');
    expect(askedQuestion(question, 'hi')).toEqual({
      id: 'q',
      kind: 'yes-no',
      label: 'शाकाहारी?',
      options: null,
      required: false,
      perTicket: false,
      ticketTypeIds: null,
    });
  });
});

describe('every sentence in every language', () => {
  const sentences = [...Object.values(M), ...Object.values(CHECKOUT_ANSWER_MESSAGES)];
  it.each([
    ['hi', hi as Record<string, string>],
    ['gu', gu as Record<string, string>],
  ])('%s has each', (_language, catalog) => {
    for (const sentence of sentences) expect(catalog[sentence], sentence).toBeTruthy();
  });
});
