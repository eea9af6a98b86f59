import { describe, expect, it } from 'vitest';
import { isSoldTicket, NO_SALES, salesBreakdown, ticketRevenuePaise } from '../src/sales-breakdown';

describe('sales per type, phase and code', () => {
  it('a ticket brings its price when sold and its money received', () => {
    expect(ticketRevenuePaise({ status: 'active', paymentReceived: true, pricePaise: 49_950 })).toBe(49_950);
    expect(ticketRevenuePaise({ status: 'used', paymentReceived: true, pricePaise: 100 })).toBe(100);
    expect(ticketRevenuePaise({ status: 'active', paymentReceived: false, pricePaise: 100 })).toBe(0);
    expect(ticketRevenuePaise({ status: 'cancelled', paymentReceived: true, pricePaise: 100 })).toBe(0);
    expect(isSoldTicket({ status: 'cancelled' })).toBe(false);
  });

  it('groups add up per type, per phase (null: none) and per code (codes only), and to the totals', () => {
    const group = (typeId: string, phaseId: string | null, codeId: string | null, tickets: number) => ({
      typeId,
      phaseId,
      codeId,
      tickets,
      people: tickets * 2,
      revenuePaise: tickets * 100,
      discountPaise: codeId ? tickets * 10 : 0,
    });
    const breakdown = salesBreakdown([
      group('couple', 'early', 'FRIENDS', 2),
      group('couple', 'early', null, 1),
      group('couple', null, null, 1),
      group('female', null, 'FRIENDS', 3),
    ]);
    expect(breakdown.byType.get('couple')).toEqual({
      tickets: 4,
      people: 8,
      revenuePaise: 400,
      discountPaise: 20,
    });
    expect(breakdown.byPhase.get('early')).toMatchObject({ tickets: 3 });
    expect(breakdown.byPhase.get(null)).toMatchObject({ tickets: 4 });
    expect([...breakdown.byCode.keys()]).toEqual(['FRIENDS']);
    expect(breakdown.byCode.get('FRIENDS')).toEqual({
      tickets: 5,
      people: 10,
      revenuePaise: 500,
      discountPaise: 50,
    });
    expect(breakdown.totals).toEqual({ tickets: 7, people: 14, revenuePaise: 700, discountPaise: 50 });
    expect(salesBreakdown([]).totals).toEqual(NO_SALES);
  });
});
