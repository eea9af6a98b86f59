import { SOLD_TICKET_STATUSES } from './gate-pass';

// What each ticket type, price phase and promo code sold (docs/product.md#analytics): tickets, people, revenue,
// and for codes the orders and the discount given. Counted per ticket from the tickets themselves, the rows the
// export lists (its Ticket Type, Admits, Price Phase, Promo Code, Price and Discount columns), so a spreadsheet
// summed from the export, the analytics tables and the totals agree to the paisa.
//
// A ticket counts when it is sold (active or used). Its revenue is what was paid for it (after any discount) when
// the money was received: every ticket bought online or issued by a transfer, and a hand-issued one whose payment
// was marked received (revenue.ts handIssuedCounts). A code counts the tickets that took a use of it, and the orders
// those tickets came from. Fees (cancellation, transfer) belong to no type and stay in the dashboard's revenue.

export interface BreakdownTicket {
  status: string;
  paymentReceived: boolean;
  pricePaise: number;
}

export function isSoldTicket(ticket: Pick<BreakdownTicket, 'status'>): boolean {
  return (SOLD_TICKET_STATUSES as readonly string[]).includes(ticket.status);
}

/** The revenue one ticket brings: its price when sold and its money received, else 0. */
export function ticketRevenuePaise(ticket: BreakdownTicket): number {
  return isSoldTicket(ticket) && ticket.paymentReceived ? ticket.pricePaise : 0;
}

/** Sold tickets of one type, phase and code together, as the server sums them (one row per combination). */
export interface SoldGroup {
  typeId: string | null;
  phaseId: string | null;
  codeId: string | null;
  tickets: number;
  people: number;
  revenuePaise: number;
  discountPaise: number;
}

export interface SoldFigures {
  tickets: number;
  people: number;
  revenuePaise: number;
  discountPaise: number;
}

export interface SalesBreakdown {
  byType: Map<string | null, SoldFigures>;
  /** null: tickets sold at no phase (the type's own price, or issued by hand). */
  byPhase: Map<string | null, SoldFigures>;
  /** Codes only: tickets without a code are not a code's. */
  byCode: Map<string, SoldFigures>;
  totals: SoldFigures;
}

export const NO_SALES: SoldFigures = { tickets: 0, people: 0, revenuePaise: 0, discountPaise: 0 };

function add(map: Map<string | null, SoldFigures>, key: string | null, group: SoldGroup): void {
  const was = map.get(key) ?? NO_SALES;
  map.set(key, {
    tickets: was.tickets + group.tickets,
    people: was.people + group.people,
    revenuePaise: was.revenuePaise + group.revenuePaise,
    discountPaise: was.discountPaise + group.discountPaise,
  });
}

export function salesBreakdown(groups: Iterable<SoldGroup>): SalesBreakdown {
  const byType = new Map<string | null, SoldFigures>();
  const byPhase = new Map<string | null, SoldFigures>();
  const byCode = new Map<string | null, SoldFigures>();
  const total = new Map<string | null, SoldFigures>();
  for (const group of groups) {
    add(byType, group.typeId, group);
    add(byPhase, group.phaseId, group);
    if (group.codeId !== null) add(byCode, group.codeId, group);
    add(total, null, group);
  }
  return {
    byType,
    byPhase,
    byCode: byCode as Map<string, SoldFigures>,
    totals: total.get(null) ?? NO_SALES,
  };
}
