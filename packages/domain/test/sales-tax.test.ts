import { describe, expect, it } from 'vitest';
import { NO_REVENUE, revenueSplit, revenueSplitByType } from '../src/sales-tax';
import { FROM_GUJARAT, MAHARASHTRA } from './gst-fixtures';

// Figures by hand: 18% taken out of prices that include it; halves round(amount × 9/118), IGST round(amount × 18/118).

describe('gross, tax and net of one type at one price', () => {
  it('three ₹600 tickets: tax 2 × round(180000 × 9/118) = 27458, net 152542', () => {
    expect(
      revenueSplit({ typeId: 'gold', pricePaise: 60_000, admits: 1, paidTickets: 3 }, MAHARASHTRA),
    ).toEqual({
      grossPaise: 180_000,
      taxPaise: 27_458,
      netPaise: 152_542,
    });
  });

  it('₹500.00 a person is exempt and ₹500.01 taxed; a ₹900 couple pass is exempt', () => {
    const at = (pricePaise: number, admits = 1) =>
      revenueSplit({ typeId: 't', pricePaise, admits, paidTickets: 1 }, MAHARASHTRA).taxPaise;
    expect(at(50_000)).toBe(0);
    expect(at(50_001)).toBe(2 * 3_814);
    expect(at(90_000, 2)).toBe(0);
  });

  it('IGST when the organiser is registered in another state: round(59000 × 18/118) = 9000', () => {
    expect(
      revenueSplit({ typeId: 't', pricePaise: 59_000, admits: 1, paidTickets: 1 }, FROM_GUJARAT),
    ).toEqual({
      grossPaise: 59_000,
      taxPaise: 9_000,
      netPaise: 50_000,
    });
  });

  it('no tax at all when the organiser is not registered, and nothing for no paid tickets', () => {
    const unregistered = { ...MAHARASHTRA, registered: false };
    expect(
      revenueSplit({ typeId: 't', pricePaise: 59_000, admits: 1, paidTickets: 2 }, unregistered),
    ).toEqual({
      grossPaise: 118_000,
      taxPaise: 0,
      netPaise: 118_000,
    });
    expect(revenueSplit({ typeId: 't', pricePaise: 59_000, admits: 1, paidTickets: 0 }, MAHARASHTRA)).toEqual(
      NO_REVENUE,
    );
  });
});

describe('per type and in total', () => {
  it('adds the prices of a type, and the totals are the sum of the types', () => {
    const { byType, totals } = revenueSplitByType(
      [
        { typeId: 'gold', pricePaise: 60_000, admits: 1, paidTickets: 3 },
        { typeId: 'gold', pricePaise: 54_000, admits: 1, paidTickets: 1 },
        { typeId: 'entry', pricePaise: 29_900, admits: 1, paidTickets: 4 },
        { typeId: null, pricePaise: 29_900, admits: 1, paidTickets: 1 },
      ],
      MAHARASHTRA,
    );
    // ₹540: 2 × round(54000 × 9/118) = 2 × 4119 = 8238.
    expect(byType.get('gold')).toEqual({ grossPaise: 234_000, taxPaise: 27_458 + 8_238, netPaise: 198_304 });
    expect(byType.get('entry')).toEqual({ grossPaise: 119_600, taxPaise: 0, netPaise: 119_600 });
    expect(byType.get(null)).toEqual({ grossPaise: 29_900, taxPaise: 0, netPaise: 29_900 });
    expect(totals).toEqual({ grossPaise: 383_500, taxPaise: 35_696, netPaise: 347_804 });
  });
});
