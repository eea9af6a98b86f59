import {
  type ConvenienceFeeView,
  chargedPaise,
  feeOfShownLines,
  ruleOfView,
} from '@utsav/domain/convenience-fee';
import { paiseToRupees, rupeesToPaise } from '@utsav/domain/pricing';
import type { PlannedOrder } from './order-plan';

// The convenience fee of what the dialog is about to buy, priced by the server's own rule
// (@utsav/domain/convenience-fee) on the order's lines as shown, so the line the guest reads before paying is
// what create-order charges (the dialog sends it, and a different figure is refused as PRICE_CHANGED).

export interface PlannedFee {
  /** Rupees added to the tickets (0: none, or the organiser absorbs it: then nothing is shown or added). */
  onTop: number;
  /** What the guest pays: the tickets and the fee on top. */
  toPay: number;
}

export function plannedFee(order: PlannedOrder, view: ConvenienceFeeView | null | undefined): PlannedFee {
  // Resold tickets are sold at their face value alone (decision 1405).
  const rule = order.resale ? null : ruleOfView(view);
  const lines =
    order.lines.length > 0
      ? order.lines
      : [{ quantity: order.quote?.quantity ?? order.quantity, total: order.quote?.total ?? order.total }];
  const fee = feeOfShownLines(lines, rule);
  return {
    onTop: paiseToRupees(fee.onTopPaise),
    toPay: paiseToRupees(chargedPaise(rupeesToPaise(order.total), fee)),
  };
}
