import { describe, expect, it } from 'vitest';
import { averageTicketValue, conversionRate, salesBuckets, soldPercentage } from '../src/analytics';

describe('salesBuckets', () => {
  it('counts tickets and adds revenue per key by the revenue rule, in rupees', () => {
    expect(
      salesBuckets(
        [
          { key: '2026-11-22', count: 2 },
          { key: '2026-11-21', count: 1 },
        ],
        [
          { key: '2026-11-21', source: 'ticketSales', paise: 29_900 },
          { key: '2026-11-22', source: 'ticketSales', paise: 59_800 },
          { key: '2026-11-22', source: 'refundedTickets', paise: 29_900 },
          { key: '2026-11-22', source: 'cancellationFees', paise: 2_000 },
          { key: '2026-11-22', source: 'transferFees', paise: 5_000 },
        ],
      ),
    ).toEqual([
      { _id: '2026-11-21', count: 1, revenue: 299 },
      { _id: '2026-11-22', count: 2, revenue: 369 },
    ]);
  });

  it('sorts hours numerically, not as text', () => {
    expect(
      salesBuckets(
        [
          { key: 10, count: 1 },
          { key: 9, count: 1 },
        ],
        [{ key: 0, source: 'transferFees', paise: 5_000 }],
      ).map((b) => b._id),
    ).toEqual([0, 9, 10]);
  });

  it('keeps a bucket that only has a refund (count 0, negative revenue)', () => {
    expect(
      salesBuckets(
        [],
        [
          { key: '2026-11-23', source: 'refundedTickets', paise: 29_900 },
          { key: '2026-11-23', source: 'cancellationFees', paise: 2_000 },
        ],
      ),
    ).toEqual([{ _id: '2026-11-23', count: 0, revenue: -279 }]);
  });

  it('is empty for no parts, and leaves out lines without a key', () => {
    expect(salesBuckets([], [])).toEqual([]);
    expect(salesBuckets([], [{ source: 'ticketSales', paise: 100 }])).toEqual([]);
  });
});

describe('averages and rates', () => {
  it('average ticket value is revenue per ticket sold, two decimals, 0 without sales', () => {
    expect(averageTicketValue(1000, 3)).toBe(333.33);
    expect(averageTicketValue(0, 0)).toBe(0);
  });

  it('conversion rate is guests who bought per guest as a percentage, two decimals', () => {
    expect(conversionRate(1, 3)).toBe(33.33);
    expect(conversionRate(2, 2)).toBe(100);
    expect(conversionRate(0, 0)).toBe(0);
  });

  it('sold percentage has one decimal', () => {
    expect(soldPercentage(1, 3)).toBe(33.3);
    expect(soldPercentage(0, 0)).toBe(0);
  });
});
