import { describe, expect, it } from 'vitest';
import { exactHoldsMatter } from '../src/hold-bounds';

describe('when a hold must read the exact live holds', () => {
  it('never without a limit', () => {
    expect(exactHoldsMatter({ limit: null, sold: 1e6, heldAtMost: 1e6 }, 5)).toBe(false);
  });

  it('not while the upper bound leaves room', () => {
    expect(exactHoldsMatter({ limit: 300, sold: 200, heldAtMost: 97 }, 3)).toBe(false);
  });

  it('as soon as the upper bound reaches past the limit', () => {
    expect(exactHoldsMatter({ limit: 300, sold: 200, heldAtMost: 98 }, 3)).toBe(true);
    expect(exactHoldsMatter({ limit: 300, sold: 299, heldAtMost: 0 }, 2)).toBe(true);
  });

  it('not once sales alone fill the limit: the holds cannot change the answer', () => {
    expect(exactHoldsMatter({ limit: 300, sold: 300, heldAtMost: 40 }, 1)).toBe(false);
    expect(exactHoldsMatter({ limit: 300, sold: 310, heldAtMost: 0 }, 1)).toBe(false);
  });

  it('not for nothing asked', () => {
    expect(exactHoldsMatter({ limit: 10, sold: 5, heldAtMost: 10 }, 0)).toBe(false);
  });
});
