import { describe, expect, it } from 'vitest';
import {
  handIssuedCounts,
  MONEY_SOURCES,
  type MoneyLine,
  revenueByKey,
  revenueInRupees,
  revenueOf,
} from '../src/revenue';

describe('revenue', () => {
  it('is ticket sales and the fees kept, with refunds netted, and says what it is made of', () => {
    // Five ₹299 tickets sold; one cancelled and refunded ₹279 (₹20 kept); one ₹50 transfer fee.
    const lines: MoneyLine[] = [
      { source: 'ticketSales', paise: 149_500 },
      { source: 'refundedTickets', paise: 29_900 },
      { source: 'cancellationFees', paise: 2_000 },
      { source: 'transferFees', paise: 5_000 },
    ];
    expect(revenueOf(lines)).toEqual({
      ticketSalesPaise: 119_600,
      cancellationFeesPaise: 2_000,
      transferFeesPaise: 5_000,
      refundedPaise: 27_900,
      totalPaise: 126_600,
    });
  });

  it('always equals sales + fees - money sent back, whatever the lines', () => {
    const amounts = [0, 1, 2_000, 29_900, 50_000];
    for (const sales of amounts)
      for (const refunded of amounts)
        for (const fee of amounts)
          for (const transfer of amounts) {
            const revenue = revenueOf([
              { source: 'ticketSales', paise: sales },
              { source: 'refundedTickets', paise: refunded },
              { source: 'cancellationFees', paise: fee },
              { source: 'transferFees', paise: transfer },
            ]);
            expect(revenue.totalPaise).toBe(sales + transfer - (refunded - fee));
            expect(revenue.totalPaise).toBe(
              revenue.ticketSalesPaise + revenue.cancellationFeesPaise + revenue.transferFeesPaise,
            );
          }
  });

  it('of no lines is zero in every part', () => {
    expect(revenueOf([])).toEqual({
      ticketSalesPaise: 0,
      cancellationFeesPaise: 0,
      transferFeesPaise: 0,
      refundedPaise: 0,
      totalPaise: 0,
    });
  });

  it('adds lines of the same source (several rows, or several groups)', () => {
    expect(
      revenueOf([
        { source: 'transferFees', paise: 5_000 },
        { source: 'transferFees', paise: 5_000 },
      ]).transferFeesPaise,
    ).toBe(10_000);
  });

  it('groups by any key (a day, an hour, a ticket type) with the same rule', () => {
    const byKey = revenueByKey<string>([
      { key: 'couple', source: 'ticketSales', paise: 99_900 },
      { key: 'single', source: 'ticketSales', paise: 29_900 },
      { key: 'couple', source: 'transferFees', paise: 5_000 },
    ]);
    expect(byKey.get('couple')?.totalPaise).toBe(104_900);
    expect(byKey.get('single')?.totalPaise).toBe(29_900);
    expect([...byKey.keys()]).toEqual(['couple', 'single']);
  });

  it('is given in rupees exact to the paisa', () => {
    expect(
      revenueInRupees(
        revenueOf([
          { source: 'ticketSales', paise: 145_501 },
          { source: 'transferFees', paise: 5_000 },
        ]),
      ),
    ).toEqual({ total: 1505.01, ticketSales: 1455.01, cancellationFees: 0, transferFees: 50, refunded: 0 });
  });

  it('names four sources', () => {
    expect(MONEY_SOURCES).toEqual(['ticketSales', 'refundedTickets', 'cancellationFees', 'transferFees']);
  });
});

describe('a ticket issued by hand', () => {
  it('brings money only with its payment received and while it is not cancelled', () => {
    const ticket = { issuedByAdmin: true, paymentReceived: true, status: 'active' };
    expect(handIssuedCounts(ticket)).toBe(true);
    expect(handIssuedCounts({ ...ticket, status: 'used' })).toBe(true);
    expect(handIssuedCounts({ ...ticket, status: 'cancelled' })).toBe(false);
    expect(handIssuedCounts({ ...ticket, paymentReceived: false })).toBe(false);
    expect(handIssuedCounts({ ...ticket, issuedByAdmin: false })).toBe(false);
  });
});
