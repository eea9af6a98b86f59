import { describe, expect, it } from 'vitest';
import { fitsPersonLimit, personAllowance } from '../src/person-limit';

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
});
