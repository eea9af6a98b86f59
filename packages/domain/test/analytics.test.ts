import { describe, expect, it } from 'vitest';
import { averageTicketValue, conversionRate, mergeBuckets, soldPercentage } from '../src/analytics';

describe('mergeBuckets', () => {
  it('adds counts and money per key and converts paise to rupees', () => {
    expect(
      mergeBuckets([
        { key: '2026-11-22', count: 2 },
        { key: '2026-11-21', count: 1, paise: 29_900 },
        { key: '2026-11-22', paise: 59_800 },
        { key: '2026-11-22', paise: -27_900 },
      ]),
    ).toEqual([
      { _id: '2026-11-21', count: 1, revenue: 299 },
      { _id: '2026-11-22', count: 2, revenue: 319 },
    ]);
  });

  it('sorts hours numerically, not as text', () => {
    expect(
      mergeBuckets([
        { key: 10, count: 1 },
        { key: 9, count: 1 },
        { key: 0, count: 1 },
      ]).map((b) => b._id),
    ).toEqual([0, 9, 10]);
  });

  it('keeps a bucket that only has a refund (count 0, negative revenue)', () => {
    expect(mergeBuckets([{ key: '2026-11-23', paise: -27_900 }])).toEqual([
      { _id: '2026-11-23', count: 0, revenue: -279 },
    ]);
  });

  it('is empty for no parts', () => {
    expect(mergeBuckets([])).toEqual([]);
  });
});

describe('averages and rates', () => {
  it('average ticket value is revenue per ticket sold, two decimals, 0 without sales', () => {
    expect(averageTicketValue(1000, 3)).toBe(333.33);
    expect(averageTicketValue(0, 0)).toBe(0);
  });

  it('conversion rate is buyers per user as a percentage, two decimals', () => {
    expect(conversionRate(1, 3)).toBe(33.33);
    expect(conversionRate(2, 2)).toBe(100);
    expect(conversionRate(0, 0)).toBe(0);
  });

  it('sold percentage has one decimal', () => {
    expect(soldPercentage(1, 3)).toBe(33.3);
    expect(soldPercentage(0, 0)).toBe(0);
  });
});
