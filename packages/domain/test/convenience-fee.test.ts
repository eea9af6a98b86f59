import { describe, expect, it } from 'vitest';
import {
  CONVENIENCE_FEE_LIMITS,
  type ConvenienceFeeRule,
  chargedPaise,
  convenienceFee,
  feeOfLines,
  feeOfShownLines,
  feeOfTicket,
  feeView,
  NO_FEE,
  ruleFromText,
  ruleOfView,
  ruleToText,
} from '../src/convenience-fee';
import { sumParts, taxDocument } from '../src/gst';
import { creditNote, feeDocument, feeLine, wholeRemainder } from '../src/gst-credits';
import {
  convenienceFeeRuleOf,
  TAX_SETTINGS_MESSAGES,
  taxSettingsInputSchema,
} from '../src/tax-settings-schema';
import { admission, FROM_GUJARAT, MAHARASHTRA } from './gst-fixtures';

// Expected figures are worked out by hand in the comments.
const fixed = (value: number, paidBy: ConvenienceFeeRule['paidBy'] = 'buyer'): ConvenienceFeeRule => ({
  basis: 'fixed',
  value,
  paidBy,
});
const percent = (value: number, paidBy: ConvenienceFeeRule['paidBy'] = 'buyer'): ConvenienceFeeRule => ({
  basis: 'percent',
  value,
  paidBy,
});

describe('the fee of one ticket', () => {
  it('is the fixed amount, whatever the price', () => {
    expect(feeOfTicket(60_000, fixed(2_000))).toBe(2_000);
    expect(feeOfTicket(1, fixed(2_000))).toBe(2_000);
  });

  it('is the percentage of the price, rounded half up to the paisa', () => {
    // 2.5% of ₹600 = ₹15.00
    expect(feeOfTicket(60_000, percent(250))).toBe(1_500);
    // 2.5% of ₹249.50 = 623.75 paise → 624
    expect(feeOfTicket(24_950, percent(250))).toBe(624);
    // 1% of ₹0.50 = 0.5 paise → 1 (half up); 1% of ₹0.49 = 0.49 → 0
    expect(feeOfTicket(50, percent(100))).toBe(1);
    expect(feeOfTicket(49, percent(100))).toBe(0);
    // 3.33% of ₹999.99 = 3329.9667 paise → 3330
    expect(feeOfTicket(99_999, percent(333))).toBe(3_330);
    // 50% of ₹10,00,000 (the limit, large figures stay exact integers)
    expect(feeOfTicket(100_000_000, percent(CONVENIENCE_FEE_LIMITS.percentBasisPoints))).toBe(50_000_000);
  });

  it('is nothing on a free ticket, without a rule, or at zero', () => {
    expect(feeOfTicket(0, fixed(2_000))).toBe(0);
    expect(feeOfTicket(0, percent(250))).toBe(0);
    expect(feeOfTicket(60_000, null)).toBe(0);
    expect(feeOfTicket(60_000, fixed(0))).toBe(0);
    expect(feeOfTicket(60_000, percent(0))).toBe(0);
  });

  it('agrees with exact arithmetic on every price from ₹0.01 to ₹20 at several rates', () => {
    for (const rate of [1, 99, 250, 333, 1_000, 5_000]) {
      for (let price = 1; price <= 2_000; price++) {
        const exact = (price * rate) / 10_000;
        const fee = feeOfTicket(price, percent(rate));
        expect(Math.abs(fee - exact)).toBeLessThanOrEqual(0.5);
        // Half up: a remainder of exactly half a paisa goes up.
        if ((price * rate) % 10_000 === 5_000) expect(fee).toBe(Math.ceil(exact));
      }
    }
  });
});

describe("an order's fee", () => {
  it('adds each group of tickets at its own price', () => {
    // 2 × ₹600 at 2.5% = 2 × ₹15; 1 × ₹249.50 at 2.5% = ₹6.24 → ₹36.24
    const fee = convenienceFee(
      [
        { pricePaise: 60_000, quantity: 2 },
        { pricePaise: 24_950, quantity: 1 },
      ],
      percent(250),
    );
    expect(fee).toEqual({ perTicketPaise: [1_500, 624], feePaise: 3_624, onTopPaise: 3_624 });
    expect(chargedPaise(144_950, fee)).toBe(148_574);
  });

  it('charges the buyer nothing on top when the organiser absorbs it', () => {
    const fee = convenienceFee([{ pricePaise: 60_000, quantity: 3 }], fixed(2_000, 'organiser'));
    expect(fee).toEqual({ perTicketPaise: [2_000], feePaise: 6_000, onTopPaise: 0 });
    expect(chargedPaise(180_000, fee)).toBe(180_000);
  });

  it('is nothing without a rule, and free tickets in an order add nothing', () => {
    expect(convenienceFee([{ pricePaise: 60_000, quantity: 3 }], null)).toEqual({
      perTicketPaise: [0],
      feePaise: 0,
      onTopPaise: 0,
    });
    expect(convenienceFee([], fixed(2_000))).toEqual({ ...NO_FEE });
    const mixed = convenienceFee(
      [
        { pricePaise: 0, quantity: 2 },
        { pricePaise: 50_000, quantity: 1 },
      ],
      fixed(2_000),
    );
    expect(mixed.onTopPaise).toBe(2_000);
  });

  it('prices priced lines at what each ticket costs after the code', () => {
    // ₹600 less ₹100 off each: 2 × 2% of ₹500 = 2 × ₹10
    const lines = [{ unitPricePaise: 60_000, discountPerTicketPaise: 10_000, quantity: 2 }];
    expect(feeOfLines(lines, percent(200)).onTopPaise).toBe(2_000);
  });

  it('prices the lines a dialog shows (rupees) exactly as the server prices its lines', () => {
    const shown = [
      { quantity: 2, total: 1_000 },
      { quantity: 3, total: 748.5 },
    ];
    const server = [
      { unitPricePaise: 60_000, discountPerTicketPaise: 10_000, quantity: 2 },
      { unitPricePaise: 24_950, discountPerTicketPaise: 0, quantity: 3 },
    ];
    for (const rule of [fixed(1_999), percent(250), percent(333, 'organiser')]) {
      expect(feeOfShownLines(shown, rule)).toEqual(feeOfLines(server, rule));
    }
  });
});

describe('the rule as an order keeps it and as GET /event shows it', () => {
  it('survives the round trip', () => {
    for (const rule of [fixed(2_000), percent(250, 'organiser')]) {
      expect(ruleFromText(ruleToText(rule))).toEqual(rule);
      expect(ruleOfView(feeView(rule))).toEqual(rule);
    }
    expect(feeView(fixed(2_050))).toEqual({ basis: 'fixed', amount: 20.5, paidBy: 'buyer' });
    expect(feeView(percent(250))).toEqual({ basis: 'percent', amount: 2.5, paidBy: 'buyer' });
    expect(ruleFromText(null)).toBeNull();
    expect(ruleOfView(null)).toBeNull();
    expect(() => ruleFromText('{"basis":"tip","value":1,"paidBy":"buyer"}')).toThrow();
  });
});

describe('the settings of the fee', () => {
  const parse = (fee: Record<string, unknown>) =>
    taxSettingsInputSchema.safeParse({ registered: false, ...fee });
  const errorOf = (fee: Record<string, unknown>) => {
    const result = parse(fee);
    return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('charges none by default', () => {
    const settings = taxSettingsInputSchema.parse({ registered: false });
    expect(settings.convenienceFeeBasis).toBe('none');
    expect(convenienceFeeRuleOf(settings)).toBeNull();
  });

  it('reads rupees per ticket, or a percentage, with the payer', () => {
    const rupees = taxSettingsInputSchema.parse({
      registered: false,
      convenienceFeeBasis: 'fixed',
      convenienceFeeAmount: 20.5,
    });
    expect(convenienceFeeRuleOf(rupees)).toEqual(fixed(2_050));
    const share = taxSettingsInputSchema.parse({
      registered: false,
      convenienceFeeBasis: 'percent',
      convenienceFeeAmount: 2.5,
      convenienceFeePaidBy: 'organiser',
    });
    expect(convenienceFeeRuleOf(share)).toEqual(percent(250, 'organiser'));
  });

  it('refuses an amount outside its basis, under the amount field', () => {
    const fixedRefused = [['convenienceFeeAmount', TAX_SETTINGS_MESSAGES.feeFixed]];
    const percentRefused = [['convenienceFeeAmount', TAX_SETTINGS_MESSAGES.feePercent]];
    expect(errorOf({ convenienceFeeBasis: 'fixed', convenienceFeeAmount: 0 })).toEqual(fixedRefused);
    expect(errorOf({ convenienceFeeBasis: 'fixed', convenienceFeeAmount: 10.005 })).toEqual(fixedRefused);
    expect(errorOf({ convenienceFeeBasis: 'fixed', convenienceFeeAmount: 10_000.01 })).toEqual(fixedRefused);
    expect(errorOf({ convenienceFeeBasis: 'fixed', convenienceFeeAmount: 10_000 })).toBeNull();
    expect(errorOf({ convenienceFeeBasis: 'percent', convenienceFeeAmount: 50.01 })).toEqual(percentRefused);
    expect(errorOf({ convenienceFeeBasis: 'percent', convenienceFeeAmount: -1 })).toEqual(percentRefused);
    expect(errorOf({ convenienceFeeBasis: 'percent', convenienceFeeAmount: 50 })).toBeNull();
    expect(errorOf({ convenienceFeeBasis: 'none', convenienceFeeAmount: 0 })).toBeNull();
    expect(errorOf({ convenienceFeeBasis: 'tip' })?.[0]?.[0]).toBe('convenienceFeeBasis');
    expect(errorOf({ convenienceFeePaidBy: 'nobody' })?.[0]?.[0]).toBe('convenienceFeePaidBy');
  });
});

describe("the fee on the sale's document", () => {
  // Two ₹400 tickets (exempt: ₹500 or less a person) and a ₹20 fee per ticket paid on top (₹40):
  // the fee is a service taxed at 18% whatever the tickets: CGST = SGST = round(4000 × 9/118) = 305, taxable 3390.
  const sale = taxDocument([admission(80_000, 2), feeLine('convenience', 4_000, '9996', 2)], MAHARASHTRA);

  it('is its own line, taxed at the full rate, and the document totals what was charged', () => {
    expect(sale.kind).toBe('tax-invoice');
    expect(sale.lines[0]).toMatchObject({ rateBasisPoints: 0, totalPaise: 80_000, cgstPaise: 0 });
    expect(sale.lines[1]).toMatchObject({
      description: 'Convenience fee',
      quantity: 2,
      unitPricePaise: 2_000,
      rateBasisPoints: 1_800,
      taxablePaise: 3_390,
      cgstPaise: 305,
      sgstPaise: 305,
      totalPaise: 4_000,
    });
    expect(sale.totalPaise).toBe(84_000);
    // Another state: IGST = round(4000 × 18/118) = 610.
    expect(taxDocument([feeLine('convenience', 4_000, '9996', 2)], FROM_GUJARAT).lines[0]).toMatchObject({
      igstPaise: 610,
      taxablePaise: 3_390,
    });
  });

  it("a called-off night's credit notes reverse the tickets and the fee to nothing", () => {
    // Each ticket's refund: ₹400 on the admission line and its ₹20 on the fee's line.
    const first = creditNote(
      sale.lines,
      [],
      [
        { line: 0, amountPaise: 40_000 },
        { line: 1, amountPaise: 2_000 },
      ],
    );
    const second = creditNote(sale.lines, first.lines, [
      { line: 0, amountPaise: 40_000 },
      { line: 1, amountPaise: 2_000 },
    ]);
    const credited = sumParts([first.totals, second.totals]);
    expect(credited).toEqual(sumParts([sale]));
    expect(wholeRemainder(sale.lines, [...first.lines, ...second.lines])).toEqual([]);
  });

  it("a guest's cancellation keeps the fee: documents − credit notes = the fee and the deduction kept", () => {
    // The credit note reverses the ticket whole; the ₹20 deduction gets its own invoice; the fee stays.
    const credit = creditNote(sale.lines, [], [{ line: 0, amountPaise: 40_000 }]);
    const deduction = feeDocument('cancellation', 2_000, '9996', MAHARASHTRA);
    const kept = sale.totalPaise + deduction.totalPaise - credit.totals.totalPaise;
    // One ticket still sold (₹400), the whole fee (₹40) and the deduction (₹20).
    expect(kept).toBe(40_000 + 4_000 + 2_000);
  });

  it('a late payment given back reverses every line, the fee with it', () => {
    const whole = creditNote(sale.lines, [], wholeRemainder(sale.lines, []));
    expect(whole.totals).toEqual(sumParts([sale]));
  });
});
