// The organiser's optional convenience fee (docs/decisions/1405-convenience-fee.md): per paid ticket, either a
// fixed amount or a percentage of the ticket's price after any code, paid by the buyer on top of the tickets or
// absorbed by the organiser. One function prices it for the server's checkout (what Razorpay is asked for), the
// purchase dialog (the line shown before payment) and a called-off night's refunds (each ticket's own share).
//
// - Per ticket, so each ticket's share is exact: a refund that gives a ticket's fee back gives back exactly what
//   that ticket added, and the shares of an order add up to its fee to the paisa.
// - A percentage is rounded half up to the paisa per ticket; a ₹0 ticket carries no fee (a free pass stays free).
// - Absorbed: the buyer pays the tickets alone and the fee is no part of the sale (nothing on top, no line on the
//   document); the organiser has priced it into the tickets.

import { linePaidPerTicket, type PricedLine } from './order-lines';
import { rupeesToPaise } from './pricing';

export type ConvenienceFeeBasis = 'fixed' | 'percent';
export type ConvenienceFeePayer = 'buyer' | 'organiser';

export interface ConvenienceFeeRule {
  basis: ConvenienceFeeBasis;
  /** Paise per ticket (fixed), or hundredths of a percent of the ticket's price (percent: 2.5% is 250). */
  value: number;
  paidBy: ConvenienceFeePayer;
}

/** The most a fee may be: ₹10,000 a ticket, or 50% of its price. */
export const CONVENIENCE_FEE_LIMITS = { fixedPaise: 1_000_000, percentBasisPoints: 5_000 } as const;

/** The fee one ticket of this price carries (paise), whoever pays it. */
export function feeOfTicket(pricePaise: number, rule: ConvenienceFeeRule | null): number {
  if (!rule || pricePaise <= 0 || rule.value <= 0) return 0;
  if (rule.basis === 'fixed') return rule.value;
  // pricePaise × basis points / 10 000, rounded half up, in integers (no floating-point error).
  return Math.floor((2 * pricePaise * rule.value + 10_000) / 20_000);
}

export interface FeeTickets {
  /** What one ticket costs after any code (paise). */
  pricePaise: number;
  quantity: number;
}

export interface ConvenienceFee {
  /** The fee of each group of tickets given, per ticket, in their order. */
  perTicketPaise: number[];
  /** The whole fee of the order, whoever pays it. */
  feePaise: number;
  /** What the buyer pays on top of the tickets: the fee when they pay it, 0 when the organiser absorbs it. */
  onTopPaise: number;
}

export const NO_FEE: ConvenienceFee = { perTicketPaise: [], feePaise: 0, onTopPaise: 0 };

/** The convenience fee of an order of these tickets under `rule` (null: the organiser charges none). */
export function convenienceFee(
  tickets: readonly FeeTickets[],
  rule: ConvenienceFeeRule | null,
): ConvenienceFee {
  const perTicketPaise = tickets.map((group) => feeOfTicket(group.pricePaise, rule));
  const feePaise = tickets.reduce((sum, group, index) => sum + group.quantity * perTicketPaise[index]!, 0);
  return { perTicketPaise, feePaise, onTopPaise: rule?.paidBy === 'buyer' ? feePaise : 0 };
}

/** The fee of an order's priced lines (each ticket at its price after any code). */
export function feeOfLines(
  lines: readonly Pick<PricedLine, 'unitPricePaise' | 'discountPerTicketPaise' | 'quantity'>[],
  rule: ConvenienceFeeRule | null,
): ConvenienceFee {
  return convenienceFee(
    lines.map((line) => ({ pricePaise: linePaidPerTicket(line), quantity: line.quantity })),
    rule,
  );
}

/**
 * The fee of lines as an answer or a dialog shows them (rupees: `total` what the line costs after any code), the
 * same figure feeOfLines gives for the server's lines: a line is one price per ticket, so total ÷ quantity is it.
 */
export function feeOfShownLines(
  lines: readonly { quantity: number; total: number }[],
  rule: ConvenienceFeeRule | null,
): ConvenienceFee {
  return convenienceFee(
    lines.map((line) => ({
      pricePaise: line.quantity > 0 ? Math.round(rupeesToPaise(line.total) / line.quantity) : 0,
      quantity: line.quantity,
    })),
    rule,
  );
}

/** What the buyer is charged: the tickets, and the fee when they pay it. */
export function chargedPaise(ticketsPaise: number, fee: ConvenienceFee): number {
  return ticketsPaise + fee.onTopPaise;
}

/** The rule as an order keeps it (orders.convenience_fee_rule), so its refunds read the rule it was sold under. */
export function ruleToText(rule: ConvenienceFeeRule): string {
  return JSON.stringify({ basis: rule.basis, value: rule.value, paidBy: rule.paidBy });
}

export function ruleFromText(text: string | null | undefined): ConvenienceFeeRule | null {
  if (!text) return null;
  const parsed = JSON.parse(text) as Partial<ConvenienceFeeRule>;
  if (
    (parsed.basis !== 'fixed' && parsed.basis !== 'percent') ||
    (parsed.paidBy !== 'buyer' && parsed.paidBy !== 'organiser') ||
    !Number.isInteger(parsed.value)
  ) {
    throw new Error(`not a convenience fee rule: ${text}`);
  }
  return { basis: parsed.basis, value: parsed.value!, paidBy: parsed.paidBy };
}

/** The fee as GET /event shows it to the purchase dialog: rupees per ticket, or a percentage. */
export interface ConvenienceFeeView {
  basis: ConvenienceFeeBasis;
  /** Rupees (fixed) or a percentage of the ticket's price (percent). */
  amount: number;
  paidBy: ConvenienceFeePayer;
}

export function feeView(rule: ConvenienceFeeRule): ConvenienceFeeView {
  return { basis: rule.basis, amount: rule.value / 100, paidBy: rule.paidBy };
}

export function ruleOfView(view: ConvenienceFeeView | null | undefined): ConvenienceFeeRule | null {
  if (!view) return null;
  return { basis: view.basis, value: rupeesToPaise(view.amount), paidBy: view.paidBy };
}
