import { describe, expect, it } from 'vitest';
import { type GstRates, sumParts, type TaxParts, taxDocument } from '../src/gst';
import {
  type CreditedLine,
  creditNote,
  FEE_DESCRIPTIONS,
  feeDocument,
  feeLine,
  lineOfTicket,
  remainingOnLines,
  wholeRemainder,
} from '../src/gst-credits';
import { admission, FROM_GUJARAT, MAHARASHTRA } from './gst-fixtures';

// Expected figures are worked out by hand in the comments (18%, prices including tax).
const UNREGISTERED: GstRates = { ...MAHARASHTRA, registered: false };

const parts = (taxablePaise: number, cgstPaise: number, sgstPaise: number, igstPaise = 0): TaxParts => ({
  taxablePaise,
  cgstPaise,
  sgstPaise,
  igstPaise,
  totalPaise: taxablePaise + cgstPaise + sgstPaise + igstPaise,
});

describe('credit notes of a three-ticket line', () => {
  // Three ₹600 tickets on one line: ₹1,800, CGST = SGST = round(180000 × 9/118) = 13729, taxable 152542.
  const sale = taxDocument([admission(180_000, 3)], MAHARASHTRA);
  const line = sale.lines[0]!;

  it('the sale is as worked out by hand', () => {
    expect([line.taxablePaise, line.cgstPaise, line.sgstPaise, line.totalPaise]).toEqual([
      152_542, 13_729, 13_729, 180_000,
    ]);
  });

  it('one ticket back reverses a third of the tax: round(13729 / 3) = 4576 each half', () => {
    const first = creditNote(sale.lines, [], [{ line: 0, amountPaise: 60_000 }]);
    expect(first.lines).toEqual([{ line: 0, ...parts(50_848, 4_576, 4_576) }]);
    expect(first.totals).toEqual(parts(50_848, 4_576, 4_576));
  });

  it('the third ticket takes exactly what remains: the three credits add up to the line to the paisa', () => {
    const earlier: CreditedLine[] = [];
    for (let i = 0; i < 3; i++) {
      earlier.push(...creditNote(sale.lines, earlier, [{ line: 0, amountPaise: 60_000 }]).lines);
    }
    expect(sumParts(earlier)).toEqual(parts(152_542, 13_729, 13_729));
    // 13729 = 4576 + 4576 + 4577: the last reverses the paisa the others left.
    expect(earlier.map((credit) => credit.cgstPaise)).toEqual([4_576, 4_576, 4_577]);
    expect(remainingOnLines(sale.lines, earlier)).toEqual([parts(0, 0, 0)]);
  });

  it('two tickets in one credit note are two lines on the same original line', () => {
    const note = creditNote(
      sale.lines,
      [],
      [
        { line: 0, amountPaise: 60_000 },
        { line: 0, amountPaise: 60_000 },
      ],
    );
    expect(note.lines.map((credit) => credit.line)).toEqual([0, 0]);
    expect(note.totals.totalPaise).toBe(120_000);
    expect(note.totals.cgstPaise).toBe(9_152);
  });

  it('refuses to give back more than remains of a line, or a line that does not exist', () => {
    const all = creditNote(sale.lines, [], [{ line: 0, amountPaise: 180_000 }]).lines;
    expect(() => creditNote(sale.lines, all, [{ line: 0, amountPaise: 1 }])).toThrow(RangeError);
    expect(() => creditNote(sale.lines, [], [{ line: 1, amountPaise: 1 }])).toThrow(RangeError);
    expect(() => remainingOnLines(sale.lines, [{ line: 3, ...parts(1, 0, 0) }])).toThrow(RangeError);
  });
});

describe('credit notes with IGST and exempt lines', () => {
  it('an inter-state line reverses IGST only; an exempt line reverses no tax', () => {
    const sale = taxDocument([admission(118_000, 2), admission(40_000)], FROM_GUJARAT);
    // 2 × ₹590 → IGST round(118000 × 18/118) = 18000, taxable 100000; ₹400 is exempt.
    const note = creditNote(
      sale.lines,
      [],
      [
        { line: 0, amountPaise: 59_000 },
        { line: 1, amountPaise: 40_000 },
      ],
    );
    expect(note.lines).toEqual([
      { line: 0, ...parts(50_000, 0, 0, 9_000) },
      { line: 1, ...parts(40_000, 0, 0, 0) },
    ]);
  });
});

describe('a whole refund', () => {
  it('reverses what remains of every line after an earlier partial credit, and nothing of an emptied line', () => {
    const sale = taxDocument([admission(180_000, 3), admission(90_000, 1, 2)], MAHARASHTRA);
    const first = creditNote(sale.lines, [], [{ line: 1, amountPaise: 90_000 }]).lines;
    const partial = creditNote(sale.lines, first, [{ line: 0, amountPaise: 60_000 }]).lines;
    const earlier = [...first, ...partial];
    const requests = wholeRemainder(sale.lines, earlier);
    expect(requests).toEqual([{ line: 0, amountPaise: 120_000 }]);
    const rest = creditNote(sale.lines, earlier, requests);
    expect(sumParts([...earlier, ...rest.lines])).toEqual(sumParts(sale.lines));
  });
});

describe('documents − credit notes = what was kept, over many random sales', () => {
  // A small deterministic generator: the same cases on every run.
  let seed = 20_261_010;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };

  it('for 300 sales of up to four lines, cancelled ticket by ticket in random order', () => {
    for (let sample = 0; sample < 300; sample++) {
      const rates = random(2) === 0 ? MAHARASHTRA : FROM_GUJARAT;
      const tickets: Array<{ line: number; price: number }> = [];
      const lines = Array.from({ length: 1 + random(4) }, (_, index) => {
        const quantity = 1 + random(5);
        const price = 100 + random(150_000);
        for (let i = 0; i < quantity; i++) tickets.push({ line: index, price });
        return admission(price * quantity, quantity, 1 + random(2));
      });
      const sale = taxDocument(lines, rates);
      const credits: CreditedLine[] = [];
      let refunded = 0;
      let kept = 0;
      const fees: TaxParts[] = [];
      const order = tickets.sort(() => random(3) - 1).slice(0, random(tickets.length + 1));
      for (const ticket of order) {
        credits.push(
          ...creditNote(sale.lines, credits, [{ line: ticket.line, amountPaise: ticket.price }]).lines,
        );
        const fee = Math.min(ticket.price, 2_000);
        refunded += ticket.price - fee;
        kept += fee;
        if (fee > 0) fees.push(feeDocument('cancellation', fee, '9996', rates));
      }
      const documents = sumParts([sale, ...fees]);
      const credited = sumParts(credits);
      // What the organiser kept: what was paid, less what went back.
      expect(documents.totalPaise - credited.totalPaise).toBe(sale.totalPaise - refunded);
      expect(kept).toBe(sumParts(fees).totalPaise);
      // No credit ever reverses more tax than its line carried.
      for (const [index, remaining] of remainingOnLines(sale.lines, credits).entries()) {
        expect(remaining.cgstPaise, `line ${index}`).toBeGreaterThanOrEqual(0);
        expect(remaining.igstPaise, `line ${index}`).toBeGreaterThanOrEqual(0);
        expect(remaining.taxablePaise, `line ${index}`).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('the line of a returned ticket', () => {
  const lines = [
    { ticketTypeId: 'gold', paidPerTicketPaise: 118_000 },
    { ticketTypeId: 'female', paidPerTicketPaise: 53_100 },
    { ticketTypeId: 'female', paidPerTicketPaise: 59_000 },
  ];
  const remaining = [parts(100_000, 9_000, 9_000), parts(90_000, 8_100, 8_100), parts(50_000, 4_500, 4_500)];

  it('matches type and price paid after any discount', () => {
    expect(lineOfTicket(lines, remaining, { ticketTypeId: 'female', pricePaise: 59_000 })).toBe(2);
    expect(lineOfTicket(lines, remaining, { ticketTypeId: 'female', pricePaise: 53_100 })).toBe(1);
    expect(lineOfTicket(lines, remaining, { ticketTypeId: 'gold', pricePaise: 118_000 })).toBe(0);
  });

  it('skips a line already credited whole, and finds none for a stranger', () => {
    const emptied = [parts(0, 0, 0), ...remaining.slice(1)];
    expect(lineOfTicket(lines, emptied, { ticketTypeId: 'gold', pricePaise: 118_000 })).toBe(-1);
    expect(lineOfTicket(lines, remaining, { ticketTypeId: 'silver', pricePaise: 118_000 })).toBe(-1);
  });

  it('takes every ticket of a sale without lines per type on its one line', () => {
    expect(lineOfTicket([], [parts(50_000, 0, 0)], { ticketTypeId: null, pricePaise: 25_000 })).toBe(0);
    expect(lineOfTicket([], [parts(20_000, 0, 0)], { ticketTypeId: null, pricePaise: 25_000 })).toBe(-1);
  });
});

describe('fee documents', () => {
  it('taxes the ₹20 deduction at 18% though it is far below ₹500: CGST = SGST = round(2000 × 9/118) = 153', () => {
    const document = feeDocument('cancellation', 2_000, '9996', MAHARASHTRA);
    expect(document).toMatchObject({ kind: 'tax-invoice', ...parts(1_694, 153, 153) });
    expect(document.lines[0]).toMatchObject({
      description: FEE_DESCRIPTIONS.cancellation,
      quantity: 1,
      rateBasisPoints: 1800,
    });
  });

  it('taxes the ₹50 transfer fee as IGST round(5000 × 18/118) = 763 when registered in another state', () => {
    expect(feeDocument('transfer', 5_000, '9996', FROM_GUJARAT)).toMatchObject({
      kind: 'tax-invoice',
      ...parts(4_237, 0, 0, 763),
    });
  });

  it('is a receipt without tax when the organiser is not registered', () => {
    expect(feeDocument('transfer', 5_000, '9996', UNREGISTERED)).toMatchObject({
      kind: 'receipt',
      ...parts(5_000, 0, 0, 0),
    });
  });

  it('refuses a fee of nothing or of a fraction of a paisa', () => {
    expect(() => feeLine('transfer', 0, '9996')).toThrow(RangeError);
    expect(() => feeLine('transfer', 10.5, '9996')).toThrow(RangeError);
  });
});
