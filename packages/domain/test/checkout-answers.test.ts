import { describe, expect, it } from 'vitest';
import {
  answerText,
  askedInOrder,
  checkoutAnswersSchema,
  formatIndianMobile,
  judgeAnswers,
  CHECKOUT_ANSWER_MESSAGES as M,
  normaliseIndianMobile,
  parseStoredAnswers,
  phoneOfTicket,
  type StoredAnswer,
  ticketAnswersView,
} from '../src/checkout-answers';
import type { CheckoutQuestion } from '../src/checkout-questions';

const q = (id: string, fields: Partial<CheckoutQuestion>): CheckoutQuestion => ({
  id,
  kind: 'text',
  label: id,
  labelHi: null,
  labelGu: null,
  options: null,
  required: true,
  perTicket: false,
  ticketTypeIds: null,
  ...fields,
});

const phone = q('phone', { kind: 'phone', perTicket: true });
const age = q('age', { kind: 'age-18' });
const food = q('food', { kind: 'choice', options: ['Veg', 'Jain'] });
const dandiya = q('dandiya', { kind: 'yes-no', required: false });
const note = q('note', { required: false });
const vip = q('vip', { ticketTypeIds: ['vip'], perTicket: true });

describe('Indian mobile numbers', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['0091 9876543210', '+919876543210'],
    ['(+91) 6000000000', '+916000000000'],
  ])('%s is %s', (given, normal) => expect(normaliseIndianMobile(given)).toBe(normal));

  it.each(['5876543210', '987654321', '98765432100', '+1 9876543210', '+92 9876543210', 'abc', '', '+91'])(
    '%s is not one',
    (given) => expect(normaliseIndianMobile(given)).toBeNull(),
  );

  it('is written spaced for people', () => {
    expect(formatIndianMobile('+919876543210')).toBe('+91 98765 43210');
    expect(formatIndianMobile('not a number')).toBe('not a number');
  });
});

describe('which questions an order is asked', () => {
  it('per-ticket questions at each ticket, others once; typed questions only where the type is', () => {
    const asked = askedInOrder([phone, age, vip], ['general', 'vip', 'vip']);
    expect(asked.map(({ question, ticketIndexes }) => [question.id, ticketIndexes])).toEqual([
      ['phone', [0, 1, 2]],
      ['age', [null]],
      ['vip', [1, 2]],
    ]);
  });

  it('a typed question is not asked of an order without its type, nor of tickets of unknown type', () => {
    expect(askedInOrder([vip, q('once', { ticketTypeIds: ['vip'] })], ['general', null]).length).toBe(0);
    expect(
      askedInOrder([q('once', { ticketTypeIds: ['vip'] })], ['general', 'vip'])[0]?.ticketIndexes,
    ).toEqual([null]);
  });

  it('an order of no tickets is asked nothing', () => {
    expect(askedInOrder([phone, age], [])).toEqual([]);
  });
});

describe('judging the answers', () => {
  const questions = [phone, age, food, dandiya, note];
  const complete = [
    { questionId: 'phone', value: '98765 43210', ticketIndex: 0 },
    { questionId: 'phone', value: '+91 91234 56789', ticketIndex: 1 },
    { questionId: 'age', value: true },
    { questionId: 'food', value: 'Jain' },
    { questionId: 'dandiya', value: 'no' },
  ];

  it('stores each normalised, with its question’s label and kind', () => {
    const judged = judgeAnswers(questions, complete, ['general', 'general']);
    expect(judged).toEqual({
      ok: true,
      answers: [
        { questionId: 'phone', kind: 'phone', label: 'phone', value: '+919876543210', ticketIndex: 0 },
        { questionId: 'phone', kind: 'phone', label: 'phone', value: '+919123456789', ticketIndex: 1 },
        { questionId: 'age', kind: 'age-18', label: 'age', value: 'yes', ticketIndex: null },
        { questionId: 'food', kind: 'choice', label: 'food', value: 'Jain', ticketIndex: null },
        { questionId: 'dandiya', kind: 'yes-no', label: 'dandiya', value: 'no', ticketIndex: null },
      ],
    });
  });

  it('refuses every missing required answer, each by its question’s id (and ticket)', () => {
    const judged = judgeAnswers(questions, [], ['general', 'general']);
    expect(judged).toEqual({
      ok: false,
      refusals: [
        { field: 'answers.phone.0', questionId: 'phone', ticketIndex: 0, message: M.required },
        { field: 'answers.phone.1', questionId: 'phone', ticketIndex: 1, message: M.required },
        { field: 'answers.age', questionId: 'age', ticketIndex: null, message: M.age },
        { field: 'answers.food', questionId: 'food', ticketIndex: null, message: M.required },
      ],
    });
  });

  it('an unticked or blank answer is no answer', () => {
    const judged = judgeAnswers(
      [age, food],
      [
        { questionId: 'age', value: false },
        { questionId: 'food', value: '  ' },
      ],
      ['t'],
    );
    expect(judged.ok ? [] : judged.refusals.map((r) => [r.field, r.message])).toEqual([
      ['answers.age', M.age],
      ['answers.food', M.required],
    ]);
  });

  it.each([
    [phone, '12345', M.phone],
    [phone, true, M.phone],
    [age, 'maybe', M.age],
    [food, 'Non-veg', M.choice],
    [food, true, M.choice],
    [dandiya, 'perhaps', M.yesNo],
    [note, 'x'.repeat(501), M.tooLong],
    [note, true, M.required],
  ] as const)('%# refuses a wrong answer, even to an optional question', (question, value, message) => {
    const judged = judgeAnswers([question], [{ questionId: question.id, value, ticketIndex: 0 }], ['t']);
    expect(judged.ok ? null : judged.refusals[0]?.message).toBe(message);
  });

  it('optional questions may be left out; yes/no takes words and booleans', () => {
    expect(judgeAnswers([dandiya, note], [], ['t'])).toEqual({ ok: true, answers: [] });
    for (const [value, stored] of [
      [true, 'yes'],
      ['YES', 'yes'],
      ['false', 'no'],
    ] as const) {
      const judged = judgeAnswers([dandiya], [{ questionId: 'dandiya', value }], ['t']);
      expect(judged.ok && judged.answers[0]?.value).toBe(stored);
    }
  });

  it('refuses a question answered twice for the same place', () => {
    const twice = [
      { questionId: 'food', value: 'Veg' },
      { questionId: 'food', value: 'Jain' },
    ];
    const judged = judgeAnswers([food], twice, ['t']);
    expect(judged.ok ? null : judged.refusals).toEqual([
      { field: 'answers.food', questionId: 'food', ticketIndex: null, message: M.repeated },
    ]);
  });

  it('leaves out answers to questions not asked (unknown, other types, tickets beyond the order)', () => {
    const judged = judgeAnswers(
      [vip],
      [
        { questionId: 'gone', value: 'x' },
        { questionId: 'vip', value: 'VIP guest', ticketIndex: 1 },
        { questionId: 'vip', value: 'stray', ticketIndex: 0 },
        { questionId: 'vip', value: 'beyond', ticketIndex: 7 },
      ],
      ['general', 'vip'],
    );
    expect(judged).toEqual({
      ok: true,
      answers: [{ questionId: 'vip', kind: 'text', label: 'vip', value: 'VIP guest', ticketIndex: 1 }],
    });
  });

  it('a per-ticket answer without its ticket counts as not given', () => {
    const judged = judgeAnswers([phone], [{ questionId: 'phone', value: '9876543210' }], ['t']);
    expect(judged.ok ? null : judged.refusals.map((r) => r.field)).toEqual(['answers.phone.0']);
  });

  it('the schema takes strings and booleans with an optional ticket index', () => {
    expect(checkoutAnswersSchema.safeParse([{ questionId: 'a', value: 'x', ticketIndex: 0 }]).success).toBe(
      true,
    );
    expect(checkoutAnswersSchema.safeParse([{ questionId: 'a', value: 3 }]).success).toBe(false);
    expect(checkoutAnswersSchema.safeParse([{ questionId: 'a', value: 'x', ticketIndex: -1 }]).success).toBe(
      false,
    );
    expect(checkoutAnswersSchema.safeParse([{ questionId: '', value: 'x' }]).success).toBe(false);
  });
});

describe('reading stored answers back', () => {
  const stored: StoredAnswer[] = [
    { questionId: 'phone', kind: 'phone', label: 'Mobile', value: '+919876543210', ticketIndex: null },
    { questionId: 'p2', kind: 'phone', label: 'Guest mobile', value: '+919123456789', ticketIndex: 1 },
    { questionId: 'age', kind: 'age-18', label: '18+', value: 'yes', ticketIndex: null },
    { questionId: 'note', kind: 'text', label: 'Note', value: 'Wheelchair', ticketIndex: 0 },
  ];

  it('a ticket sees its order’s answers and its own', () => {
    expect(ticketAnswersView(stored, 0)).toEqual([
      { questionId: 'phone', kind: 'phone', label: 'Mobile', value: '+91 98765 43210', perTicket: false },
      { questionId: 'age', kind: 'age-18', label: '18+', value: 'Yes', perTicket: false },
      { questionId: 'note', kind: 'text', label: 'Note', value: 'Wheelchair', perTicket: true },
    ]);
  });

  it('the phone for a ticket is its own before the order’s', () => {
    expect(phoneOfTicket(stored, 1)).toBe('+919123456789');
    expect(phoneOfTicket(stored, 0)).toBe('+919876543210');
    expect(phoneOfTicket([], 0)).toBeNull();
  });

  it('survives rows it cannot read', () => {
    expect(parseStoredAnswers(null)).toEqual([]);
    expect(parseStoredAnswers('{bad')).toEqual([]);
    expect(parseStoredAnswers('{"a":1}')).toEqual([]);
    expect(parseStoredAnswers(JSON.stringify([...stored, { questionId: 3 }, null]))).toEqual(stored);
  });

  it('answers read as words', () => {
    expect(answerText({ kind: 'yes-no', value: 'no' })).toBe('No');
    expect(answerText({ kind: 'choice', value: 'Jain' })).toBe('Jain');
  });
});
