import { describe, expect, it } from 'vitest';
import {
  fitsPersonLimit,
  personAllowance,
  personAllowanceNote,
  personLimitMessage,
} from '../src/person-limit';

describe('per-person ticket cap', () => {
  it('held and bought seats both count against the limit', () => {
    expect(personAllowance(20, { held: 5, bought: 7 })).toEqual({
      limit: 20,
      held: 5,
      bought: 7,
      remaining: 8,
    });
  });

  it('remaining never goes below zero (a late payment or a lowered limit can leave a person over it)', () => {
    expect(personAllowance(20, { held: 4, bought: 19 }).remaining).toBe(0);
  });

  it.each([
    [0, 0, 20, true],
    [0, 0, 21, false],
    [20, 0, 1, false],
    [5, 14, 1, true],
    [5, 14, 2, false],
  ])('held %i + bought %i: a hold of %i fits the limit of 20 is %s', (held, bought, quantity, fits) => {
    expect(fitsPersonLimit(personAllowance(20, { held, bought }), quantity)).toBe(fits);
  });

  it('the refusal says how many more the person may buy', () => {
    expect(personLimitMessage(personAllowance(20, { held: 10, bought: 7 }))).toBe(
      'One person may buy at most 20 tickets for this event. You may buy 3 more. Please choose 3 or fewer.',
    );
    expect(personLimitMessage(personAllowance(20, { held: 0, bought: 19 }))).toContain(
      'You may buy 1 more. Please choose 1 ticket.',
    );
  });

  it('a person at the limit is told they cannot buy more', () => {
    expect(personLimitMessage(personAllowance(1, { held: 1, bought: 0 }))).toBe(
      'One person may buy at most 1 ticket for this event, and you already have 1 (bought, or waiting for payment). You cannot buy more.',
    );
  });

  it('the dialog note names the limit for a first-time buyer and what is left for a returning one', () => {
    expect(personAllowanceNote(personAllowance(20, { held: 0, bought: 0 }))).toBe(
      'Up to 20 tickets per person.',
    );
    expect(personAllowanceNote(personAllowance(20, { held: 2, bought: 4 }))).toBe(
      'You may buy 14 more (up to 20 tickets per person).',
    );
  });
});
