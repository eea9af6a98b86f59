import type { OrderLine } from './api/ticket-types';
import { linePaidPerTicket, type PricedOrder } from './order-lines';
import { paiseToRupees } from './pricing';

// A priced order as its answer shows it (create-order, POST /tickets, the code check, PRICE_CHANGED's figures):
// rupees, each line with its type's name in the reader's language.

export function orderLinesView(order: PricedOrder, nameOf: (ticketTypeId: string) => string): OrderLine[] {
  return order.lines.map((line) => {
    const paid = linePaidPerTicket(line);
    return {
      ticketTypeId: line.ticketTypeId,
      name: nameOf(line.ticketTypeId),
      quantity: line.quantity,
      admits: line.admits,
      phaseLabel: line.phaseLabel,
      unitPrice: paiseToRupees(line.unitPricePaise),
      discount: paiseToRupees((line.unitPricePaise - paid) * line.quantity),
      total: paiseToRupees(paid * line.quantity),
    };
  });
}
