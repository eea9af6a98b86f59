// GST on what the night sells, to the paisa (docs/decisions/1401-gst-figures.md).
//
// - Admission is exempt when its price per person is at most the exemption limit (₹500 by default), taxed at the
//   rate (18% by default) above it. "Per person" is what one ticket of the line costs after any discount,
//   divided by the people it admits: a ₹900 couple pass is ₹450 a person, exempt. The comparison is made in
//   whole paise without dividing (line total ≤ limit × quantity × admits), so ₹500.00 is exempt and ₹500.01 not.
// - Fees the organiser keeps (a transfer fee, a cancellation deduction, a convenience fee) are services taxed at
//   the rate whatever their size.
// - Place of supply of admission is where the event is held: the organiser's own state gives CGST + SGST at half
//   the rate each, another state IGST at the full rate.
// - Prices include the tax by default (what the guest sees is what they pay): the tax is taken out of the price,
//   and the line's total stays exactly what was charged, so a document's total equals what Razorpay captured.
//   With prices before tax, the tax is added on top and the checkout must charge the total this computes.
// - Rounding is per line, half up, to the paisa. CGST and SGST are one rounded half-tax each, equal on every
//   line; the taxable value is what remains of the total, so the parts always add up to the total.
// Settings are read from the organiser's tax settings; issued documents keep the figures they were issued with.

export interface GstRates {
  /** Registered for GST: tax invoices and bills of supply. Not registered: plain receipts without tax. */
  registered: boolean;
  /** The rate in hundredths of a percent: 18% is 1800. */
  rateBasisPoints: number;
  /** Admission at or below this price per person is exempt (paise). */
  exemptUpToPerPersonPaise: number;
  pricesIncludeTax: boolean;
  /** The organiser's state (the first two digits of its GSTIN) and the state where the event is held. */
  supplierStateCode: string | null;
  placeOfSupplyStateCode: string | null;
}

export interface SaleLine {
  description: string;
  sacCode: string;
  quantity: number;
  /** What the line charges, after any discount: before tax when prices exclude it. */
  amountPaise: number;
  /** People one unit admits (1 for a fee). */
  admits: number;
  kind: 'admission' | 'fee';
}

export interface TaxParts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface TaxedLine extends TaxParts {
  description: string;
  sacCode: string;
  quantity: number;
  /** The total over the quantity, rounded: what one unit cost (the line's total is the exact figure). */
  unitPricePaise: number;
  /** The rate applied, in hundredths of a percent: 0 for an exempt line or an unregistered organiser. */
  rateBasisPoints: number;
}

export type GstDocumentKind = 'tax-invoice' | 'bill-of-supply' | 'receipt';

export interface TaxedDocument extends TaxParts {
  kind: GstDocumentKind;
  lines: TaxedLine[];
}

/** numerator / denominator rounded half up, for non-negative integers, without floating-point error. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function isExemptAdmission(line: SaleLine, exemptUpToPerPersonPaise: number): boolean {
  return (
    line.kind === 'admission' && line.amountPaise <= exemptUpToPerPersonPaise * line.quantity * line.admits
  );
}

/** Within one state: CGST + SGST. Another state, or a state not known: IGST (the safe reading for the buyer). */
export function isIntraState(rates: GstRates): boolean {
  return rates.supplierStateCode !== null && rates.supplierStateCode === rates.placeOfSupplyStateCode;
}

/** The tax parts of an amount at a rate (basis points), the amount being tax-inclusive or before tax. */
export function taxOf(
  amountPaise: number,
  rateBasisPoints: number,
  inclusive: boolean,
  intraState: boolean,
): TaxParts {
  const scale = 10_000;
  if (rateBasisPoints === 0) {
    return { taxablePaise: amountPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: amountPaise };
  }
  if (intraState) {
    const half = inclusive
      ? roundHalfUp(amountPaise * rateBasisPoints, 2 * (scale + rateBasisPoints))
      : roundHalfUp(amountPaise * rateBasisPoints, 2 * scale);
    const taxablePaise = inclusive ? amountPaise - 2 * half : amountPaise;
    return {
      taxablePaise,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      totalPaise: taxablePaise + 2 * half,
    };
  }
  const igst = inclusive
    ? roundHalfUp(amountPaise * rateBasisPoints, scale + rateBasisPoints)
    : roundHalfUp(amountPaise * rateBasisPoints, scale);
  const taxablePaise = inclusive ? amountPaise - igst : amountPaise;
  return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: igst, totalPaise: taxablePaise + igst };
}

export function taxLine(line: SaleLine, rates: GstRates): TaxedLine {
  const taxed = rates.registered && !isExemptAdmission(line, rates.exemptUpToPerPersonPaise);
  const rateBasisPoints = taxed ? rates.rateBasisPoints : 0;
  const parts = taxOf(line.amountPaise, rateBasisPoints, rates.pricesIncludeTax, isIntraState(rates));
  return {
    description: line.description,
    sacCode: line.sacCode,
    quantity: line.quantity,
    unitPricePaise: line.quantity > 0 ? roundHalfUp(parts.totalPaise, line.quantity) : 0,
    rateBasisPoints,
    ...parts,
  };
}

export function sumParts(parts: readonly TaxParts[]): TaxParts {
  const sum = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  for (const part of parts) {
    sum.taxablePaise += part.taxablePaise;
    sum.cgstPaise += part.cgstPaise;
    sum.sgstPaise += part.sgstPaise;
    sum.igstPaise += part.igstPaise;
    sum.totalPaise += part.totalPaise;
  }
  return sum;
}

/** The document a sale gets: a tax invoice when any line is taxed, a bill of supply when none is, a receipt
 * when the organiser is not registered. */
export function taxDocument(lines: readonly SaleLine[], rates: GstRates): TaxedDocument {
  const taxed = lines.map((line) => taxLine(line, rates));
  const kind: GstDocumentKind = !rates.registered
    ? 'receipt'
    : taxed.some((line) => line.rateBasisPoints > 0)
      ? 'tax-invoice'
      : 'bill-of-supply';
  return { kind, lines: taxed, ...sumParts(taxed) };
}

/**
 * What a credit note reverses of one document line when `refundPaise` of it is given back, after earlier credit
 * notes reversed `credited`. The last refund that brings the line to nothing takes exactly what remains, so the
 * credit notes of a line never reverse more tax than it carried, nor leave a paisa of tax behind; an earlier
 * partial refund reverses tax in the line's own proportion.
 */
export function creditOf(line: TaxParts, credited: TaxParts, refundPaise: number): TaxParts {
  const remaining = {
    taxablePaise: line.taxablePaise - credited.taxablePaise,
    cgstPaise: line.cgstPaise - credited.cgstPaise,
    sgstPaise: line.sgstPaise - credited.sgstPaise,
    igstPaise: line.igstPaise - credited.igstPaise,
    totalPaise: line.totalPaise - credited.totalPaise,
  };
  if (refundPaise > remaining.totalPaise) {
    throw new RangeError(
      `A credit of ${refundPaise} paise exceeds the ${remaining.totalPaise} paise left on the line`,
    );
  }
  if (refundPaise === remaining.totalPaise) return remaining;
  const share = (tax: number, left: number) =>
    Math.min(left, roundHalfUp(tax * refundPaise, line.totalPaise));
  const cgstPaise = share(line.cgstPaise, remaining.cgstPaise);
  const sgstPaise = share(line.sgstPaise, remaining.sgstPaise);
  const igstPaise = share(line.igstPaise, remaining.igstPaise);
  return {
    taxablePaise: refundPaise - cgstPaise - sgstPaise - igstPaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    totalPaise: refundPaise,
  };
}
