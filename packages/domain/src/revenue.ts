// Revenue (docs/product.md#analytics): the money the organiser took in and keeps, one rule for the dashboard, the
// analytics, the ticket stats and the export's totals (docs/decisions/0917-revenue-one-rule.md). The server sums
// rows per source (per day, per hour, or whatever key it groups by: a ticket type, a gate) into money lines; this
// file says which rows each source takes, and how the lines add up.
//
// What counts, each on the day its money moved:
//   ticketSales       + every paid Razorpay order (on the day paid), and every ticket issued by hand with its
//                       payment received, not cancelled (cash or UPI to the organiser, on the day issued);
//   refundedTickets   - the price of every ticket whose cancellation refund was processed (on that day);
//   cancellationFees  + the deduction kept from each of those refunds (price - refund: gateway and platform fee);
//   transferFees      + the fee of every completed transfer (on the day completed).
// A payment refunded whole by rule (paid after its hold ran out with nothing left, a second payment of a settled
// order, the fee of a transfer that failed) was never the organiser's: neither it nor its refund counts. A refund
// that is pending or failed has not left, so it does not count yet. So, once Razorpay has settled every refund,
// revenue = Razorpay's captured payments - its processed refunds + the money received by hand.

export const MONEY_SOURCES = ['ticketSales', 'refundedTickets', 'cancellationFees', 'transferFees'] as const;
export type MoneySource = (typeof MONEY_SOURCES)[number];

/** The rows each source takes (the server's SQL filters by these values). */
export const REVENUE_ROWS = {
  /** orders.status of an order whose amount counts ('refunded' orders were refunded whole by rule). */
  paidOrderStatus: 'paid',
  /** refunds.status of a refund whose money has left. */
  processedRefundStatus: 'processed',
  /** ticket_transfers.status of a transfer whose fee is kept. */
  completedTransferStatus: 'completed',
} as const;

/** Whether a ticket issued by hand brings money: its payment was received and it is not cancelled. */
export function handIssuedCounts(ticket: {
  issuedByAdmin: boolean;
  paymentReceived: boolean;
  status: string;
}): boolean {
  return ticket.issuedByAdmin && ticket.paymentReceived && ticket.status !== 'cancelled';
}

const SIGN: Record<MoneySource, 1 | -1> = {
  ticketSales: 1,
  refundedTickets: -1,
  cancellationFees: 1,
  transferFees: 1,
};

/** A sum of rows of one source, as stored (never negative), optionally under a key (a day, an hour, a type). */
export interface MoneyLine<K = unknown> {
  source: MoneySource;
  paise: number;
  key?: K;
}

/** Revenue and what it is made of, in paise. totalPaise = ticketSales + cancellationFees + transferFees. */
export interface Revenue {
  /** Ticket sales kept: sales less the price of the tickets refunded. */
  ticketSalesPaise: number;
  /** The deductions kept from cancellation refunds. */
  cancellationFeesPaise: number;
  transferFeesPaise: number;
  /** Money sent back by cancellation refunds (their price less the deduction). */
  refundedPaise: number;
  totalPaise: number;
}

export function revenueOf(lines: Iterable<MoneyLine>): Revenue {
  const by: Record<MoneySource, number> = {
    ticketSales: 0,
    refundedTickets: 0,
    cancellationFees: 0,
    transferFees: 0,
  };
  let totalPaise = 0;
  for (const line of lines) {
    by[line.source] += line.paise;
    totalPaise += SIGN[line.source] * line.paise;
  }
  return {
    ticketSalesPaise: by.ticketSales - by.refundedTickets,
    cancellationFeesPaise: by.cancellationFees,
    transferFeesPaise: by.transferFees,
    refundedPaise: by.refundedTickets - by.cancellationFees,
    totalPaise,
  };
}

/** Revenue per key, in the order keys first appear. */
export function revenueByKey<K>(lines: Iterable<MoneyLine<K>>): Map<K | undefined, Revenue> {
  const grouped = new Map<K | undefined, MoneyLine<K>[]>();
  for (const line of lines) {
    const group = grouped.get(line.key);
    if (group) group.push(line);
    else grouped.set(line.key, [line]);
  }
  return new Map([...grouped].map(([key, group]) => [key, revenueOf(group)]));
}

/** Revenue in rupees for the API (money is rupees there), exact to the paisa. */
export function revenueInRupees(revenue: Revenue) {
  return {
    total: revenue.totalPaise / 100,
    ticketSales: revenue.ticketSalesPaise / 100,
    cancellationFees: revenue.cancellationFeesPaise / 100,
    transferFees: revenue.transferFeesPaise / 100,
    refunded: revenue.refundedPaise / 100,
  };
}
