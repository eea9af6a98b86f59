import { describe, expect, it } from 'vitest';
import { creditOf, isExemptAdmission, sumParts, taxDocument, taxLine } from '../src/gst';
import { admission, FROM_GUJARAT, MAHARASHTRA } from './gst-fixtures';

// Expected figures are worked out by hand in the comments (rate 18%, prices including tax unless said otherwise).

describe('exemption per person', () => {
  it('exempts exactly ₹500 a person and taxes ₹500.01', () => {
    expect(isExemptAdmission(admission(50_000), 50_000)).toBe(true);
    expect(isExemptAdmission(admission(50_001), 50_000)).toBe(false);
  });

  it('counts a couple pass per person: ₹900 for two is exempt, ₹1,000.02 for two is not', () => {
    expect(isExemptAdmission(admission(90_000, 1, 2), 50_000)).toBe(true);
    expect(isExemptAdmission(admission(100_000, 1, 2), 50_000)).toBe(true);
    expect(isExemptAdmission(admission(100_002, 1, 2), 50_000)).toBe(false);
  });

  it('judges the price after a discount: two ₹600 tickets with ₹100 off each are ₹500 a person', () => {
    expect(isExemptAdmission(admission(100_000, 2), 50_000)).toBe(true);
    expect(isExemptAdmission(admission(100_001, 2), 50_000)).toBe(false);
  });

  it('never exempts a fee, however small', () => {
    expect(isExemptAdmission({ ...admission(2_000), kind: 'fee' }, 50_000)).toBe(false);
  });
});

describe('tax taken out of a price that includes it', () => {
  it('splits ₹600 in Maharashtra: CGST = SGST = round(60000 × 9/118) = 4576, taxable 50848', () => {
    expect(taxLine(admission(60_000), MAHARASHTRA)).toMatchObject({
      taxablePaise: 50_848,
      cgstPaise: 4_576,
      sgstPaise: 4_576,
      igstPaise: 0,
      totalPaise: 60_000,
      rateBasisPoints: 1800,
      unitPricePaise: 60_000,
    });
  });

  it('taxes ₹500.01: half = round(50001 × 9/118) = 3814, taxable 42373', () => {
    expect(taxLine(admission(50_001), MAHARASHTRA)).toMatchObject({
      taxablePaise: 42_373,
      cgstPaise: 3_814,
      sgstPaise: 3_814,
      totalPaise: 50_001,
    });
  });

  it('charges IGST when the organiser is registered in another state: round(60000 × 18/118) = 9153', () => {
    expect(taxLine(admission(60_000), FROM_GUJARAT)).toMatchObject({
      taxablePaise: 50_847,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 9_153,
      totalPaise: 60_000,
    });
  });

  it('treats an unknown place of supply as another state', () => {
    expect(taxLine(admission(60_000), { ...MAHARASHTRA, placeOfSupplyStateCode: null }).igstPaise).toBe(
      9_153,
    );
  });

  it('taxes the discounted price of three ₹600 tickets at 10% off: 162000, half = 12356', () => {
    expect(taxLine(admission(162_000, 3), MAHARASHTRA)).toMatchObject({
      taxablePaise: 137_288,
      cgstPaise: 12_356,
      sgstPaise: 12_356,
      totalPaise: 162_000,
      unitPricePaise: 54_000,
    });
  });
});

describe('tax added to a price before tax', () => {
  it('adds 9% + 9% to ₹508.48: 4576 each, ₹600.00 in all', () => {
    expect(taxLine(admission(50_848), { ...MAHARASHTRA, pricesIncludeTax: false })).toMatchObject({
      taxablePaise: 50_848,
      cgstPaise: 4_576,
      sgstPaise: 4_576,
      totalPaise: 60_000,
    });
  });

  it('adds IGST of round(50848 × 18%) = 9153 across states', () => {
    expect(taxLine(admission(50_848), { ...FROM_GUJARAT, pricesIncludeTax: false })).toMatchObject({
      igstPaise: 9_153,
      totalPaise: 60_001,
    });
  });
});

describe('the document a sale gets', () => {
  it('is a tax invoice when any line is taxed, with totals summed from the lines', () => {
    const document = taxDocument([admission(60_000), admission(90_000, 1, 2)], MAHARASHTRA);
    expect(document.kind).toBe('tax-invoice');
    expect(document.lines[1]).toMatchObject({ rateBasisPoints: 0, taxablePaise: 90_000, cgstPaise: 0 });
    expect(document).toMatchObject({
      taxablePaise: 140_848,
      cgstPaise: 4_576,
      sgstPaise: 4_576,
      totalPaise: 150_000,
    });
  });

  it('is a bill of supply when every line is exempt', () => {
    expect(taxDocument([admission(50_000), admission(90_000, 1, 2)], MAHARASHTRA).kind).toBe(
      'bill-of-supply',
    );
  });

  it('is a plain receipt without tax when the organiser is not registered', () => {
    const document = taxDocument([admission(80_000)], { ...MAHARASHTRA, registered: false });
    expect(document).toMatchObject({
      kind: 'receipt',
      taxablePaise: 80_000,
      cgstPaise: 0,
      totalPaise: 80_000,
    });
  });

  it('adds up to exactly what was charged over many lines, with CGST equal to SGST on each', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 12) }, () =>
        admission(
          1 + Math.floor(random() * 500_000),
          1 + Math.floor(random() * 10),
          1 + Math.floor(random() * 4),
        ),
      );
      for (const rates of [MAHARASHTRA, FROM_GUJARAT]) {
        const document = taxDocument(lines, rates);
        const charged = lines.reduce((sum, line) => sum + line.amountPaise, 0);
        expect(document.totalPaise).toBe(charged);
        expect(document.taxablePaise + document.cgstPaise + document.sgstPaise + document.igstPaise).toBe(
          charged,
        );
        for (const line of document.lines) {
          expect(line.cgstPaise).toBe(line.sgstPaise);
          // The tax is the rate on the taxable value, within the paisa that rounding allows.
          const expected = (line.taxablePaise * line.rateBasisPoints) / 10_000;
          expect(Math.abs(line.cgstPaise + line.sgstPaise + line.igstPaise - expected)).toBeLessThanOrEqual(
            1.2,
          );
        }
      }
    }
  });
});

describe('credit notes', () => {
  const line = taxLine(admission(180_000, 3), MAHARASHTRA); // half = round(180000 × 9/118) = 13729
  const nothing = sumParts([]);

  it('reverses one of three tickets in the line proportion, and the last takes exactly what is left', () => {
    expect(line).toMatchObject({ taxablePaise: 152_542, cgstPaise: 13_729, sgstPaise: 13_729 });
    const first = creditOf(line, nothing, 60_000);
    expect(first).toEqual({
      taxablePaise: 50_848,
      cgstPaise: 4_576,
      sgstPaise: 4_576,
      igstPaise: 0,
      totalPaise: 60_000,
    });
    const second = creditOf(line, first, 60_000);
    const third = creditOf(line, sumParts([first, second]), 60_000);
    expect(third).toEqual({
      taxablePaise: 50_846,
      cgstPaise: 4_577,
      sgstPaise: 4_577,
      igstPaise: 0,
      totalPaise: 60_000,
    });
    expect(sumParts([first, second, third])).toEqual(sumParts([line]));
  });

  it('refuses to credit more than is left on the line', () => {
    expect(() => creditOf(line, creditOf(line, nothing, 150_000), 30_001)).toThrow(RangeError);
  });

  it('never leaves a negative part after any sequence of partial credits', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 300; round++) {
      const sold = taxLine(
        admission(1 + Math.floor(random() * 900_000), 4),
        random() < 0.5 ? MAHARASHTRA : FROM_GUJARAT,
      );
      let credited = nothing;
      while (credited.totalPaise < sold.totalPaise) {
        const left = sold.totalPaise - credited.totalPaise;
        const refund = random() < 0.3 ? left : 1 + Math.floor(random() * left);
        const credit = creditOf(sold, credited, refund);
        for (const part of Object.values(credit)) expect(part).toBeGreaterThanOrEqual(0);
        credited = sumParts([credited, credit]);
      }
      expect(credited).toEqual(sumParts([sold]));
    }
  });
});
