import { TICKET_STATUSES, type TicketStatusValue } from './admin-tickets-schema';
import type { ShownTicketStatus } from './ticket-status';

// What an admin's change of one ticket's status means, when it is refused, what money it moves, and when it
// can still be taken back (Ticket Management confirms a row's status change and offers an undo). Server and
// web share these rules; single changes, bulk changes and undos all go through statusChangeRefusal.

/** The reason written on a ticket an admin cancels from Ticket Management (shown translated there). */
export const ADMIN_CANCELLATION_REASON = 'Cancelled by an administrator';

/** How long after a single status change its undo is accepted. */
export const STATUS_UNDO_WINDOW_MS = 10 * 60 * 1000;

/**
 * The consequence an admin must see before confirming: a cancelled ticket frees its seat; re-activating a
 * cancelled one takes a seat back (refused when sold out); used -> active clears the admission so the
 * guest can be scanned again; active -> used records an admission now.
 */
export type StatusChangeEffect = 'releasesSeat' | 'takesSeat' | 'clearsAdmission' | 'recordsAdmission';

export function statusChangeEffect(
  from: TicketStatusValue,
  to: TicketStatusValue,
): StatusChangeEffect | null {
  if (from === to) return null;
  if (to === 'cancelled') return 'releasesSeat';
  if (from === 'cancelled') return 'takesSeat';
  return to === 'active' ? 'clearsAdmission' : 'recordsAdmission';
}

export type StatusUndoRefusal = 'UNDO_WINDOW_CLOSED' | 'TICKET_CHANGED';

/**
 * Why a status change can no longer be undone, or null when it can. `change.at` is when it was made; the
 * ticket must still be exactly as that change left it (same status, not touched since: a gate scan, an
 * exit, another admin's change or an earlier undo all move `updatedAt`).
 */
export function statusUndoRefusal(
  change: { at: string; to: TicketStatusValue },
  ticket: { status: TicketStatusValue; updatedAt: string },
  now: Date,
): StatusUndoRefusal | null {
  const at = Date.parse(change.at);
  if (!Number.isFinite(at) || now.getTime() - at > STATUS_UNDO_WINDOW_MS) return 'UNDO_WINDOW_CLOSED';
  if (ticket.status !== change.to || ticket.updatedAt !== change.at) return 'TICKET_CHANGED';
  return null;
}

/**
 * What a ticket's past says about bringing it back. A cancelled ticket is "revoked for good" when its money
 * or its seat went to someone else: refunded (a refund not called off holds its money), transferred (the
 * recipient holds a new ticket for the same seat, and the old QR must stay refused at the gate).
 */
export interface TicketPast {
  status: TicketStatusValue;
  refunded: boolean;
  transferred: boolean;
  /**
   * Cancelled by a resale: the buyer holds a new ticket for the seat. Its own flag, not only the seller's refund:
   * a refund of ₹0 (the fee took it all) or one called off would leave the seat with two tickets otherwise.
   */
  resold?: boolean;
}

export type StatusChangeRefusal = 'REFUNDED' | 'TRANSFERRED' | 'RESOLD';

/**
 * Why `ticket` may not move to `to`, or null. Re-activating (to active or to used) a ticket revoked for good
 * would let two people in on one paid seat, or count a seat sold whose money went back: refused, whoever
 * asks (manager or admin), one ticket or many.
 */
export function statusChangeRefusal(ticket: TicketPast, to: TicketStatusValue): StatusChangeRefusal | null {
  if (ticket.status !== 'cancelled' || to === 'cancelled') return null;
  if (ticket.transferred) return 'TRANSFERRED';
  if (ticket.resold) return 'RESOLD';
  if (ticket.refunded) return 'REFUNDED';
  return null;
}

/** What a ticket's status change does to the money the books count (audited with every change). */
export interface StatusChangeMoney {
  /** The ticket's price. */
  pricePaise: number;
  /**
   * Change of the revenue the dashboards count. A ticket issued by hand with its payment received counts
   * while it is not cancelled; a ticket bought online counts through its paid order, which a status change
   * never touches (its money moves only by a refund), so 0.
   */
  revenuePaise: number;
}

export function statusChangeMoney(
  ticket: { pricePaise: number; issuedByAdmin: boolean; paymentReceived: boolean },
  from: TicketStatusValue,
  to: TicketStatusValue,
): StatusChangeMoney {
  const counted = ticket.issuedByAdmin && ticket.paymentReceived;
  const before = counted && from !== 'cancelled' ? ticket.pricePaise : 0;
  const after = counted && to !== 'cancelled' ? ticket.pricePaise : 0;
  return { pricePaise: ticket.pricePaise, revenuePaise: after - before };
}

/** The statuses staff may move `ticket` to from Ticket Management (its own status left out): the server's rule. */
export function allowedStatusChanges(ticket: TicketPast): TicketStatusValue[] {
  return TICKET_STATUSES.filter((to) => to !== ticket.status && statusChangeRefusal(ticket, to) === null);
}

/**
 * What a change does to money, as the confirmation says it before anything changes (statusChangeMoney gives the
 * figure):
 *   - 'keepsPayment': cancelling a ticket paid online does not refund it; its payment stays in the revenue (a
 *     refund is the guest's own cancellation, followed in Refund Management);
 *   - 'removesRevenue': cancelling a ticket issued by hand with its payment received takes its price off the
 *     revenue (the organiser hands the cash back);
 *   - 'addsRevenue': re-activating such a ticket counts its price again;
 *   - 'alreadyCounted': re-activating a ticket paid online: its payment was never refunded and still counts;
 *   - 'noMoney': a ticket with no money on it (issued by hand, payment not received), or a change between
 *     active and used.
 */
export type StatusChangeMoneyNote =
  | 'keepsPayment'
  | 'removesRevenue'
  | 'addsRevenue'
  | 'alreadyCounted'
  | 'noMoney';

export function statusChangeMoneyNote(
  ticket: { pricePaise: number; issuedByAdmin: boolean; paymentReceived: boolean },
  from: TicketStatusValue,
  to: TicketStatusValue,
): StatusChangeMoneyNote {
  const { revenuePaise } = statusChangeMoney(ticket, from, to);
  if (revenuePaise < 0) return 'removesRevenue';
  if (revenuePaise > 0) return 'addsRevenue';
  const paidOnline = !ticket.issuedByAdmin && ticket.pricePaise > 0;
  if (!paidOnline || (from !== 'cancelled' && to !== 'cancelled')) return 'noMoney';
  return to === 'cancelled' ? 'keepsPayment' : 'alreadyCounted';
}

/**
 * A ticket's past as a screen knows it: its shown status (@utsav/domain/ticket-status; a transferred ticket is
 * stored as cancelled) and whether a refund holds its money. What allowedStatusChanges and the server read.
 */
export function pastOfShown(ticket: {
  status: ShownTicketStatus;
  refunded: boolean;
  /** Set when its resale sold it (tickets.resold_at), never read from the free-text cancellation reason. */
  resoldAt?: string | null;
}): TicketPast {
  if (ticket.status === 'transferred')
    return { status: 'cancelled', refunded: ticket.refunded, transferred: true };
  return {
    status: ticket.status,
    refunded: ticket.refunded,
    transferred: false,
    resold: ticket.status === 'cancelled' && Boolean(ticket.resoldAt),
  };
}

/**
 * Whether a bulk change of `tickets` to `to` is accepted: all or nothing, a ticket already there is left as it is,
 * every other one must be allowed (the server refuses the whole update otherwise).
 */
export function bulkChangeAllowed(tickets: readonly TicketPast[], to: TicketStatusValue): boolean {
  return tickets.every((ticket) => ticket.status === to || statusChangeRefusal(ticket, to) === null);
}

export type TicketDeletionRefusal = 'BOUGHT_ONLINE' | 'TRANSFER';

/**
 * Why staff may not delete a ticket, or null. Only tickets made by hand can go: one bought through an order keeps
 * its payment on record, one in a transfer keeps the transfer (and its fee) on record.
 */
export function ticketDeletionRefusal(ticket: {
  fromOrder: boolean;
  transferred: boolean;
  receivedByTransfer: boolean;
}): TicketDeletionRefusal | null {
  if (ticket.fromOrder) return 'BOUGHT_ONLINE';
  if (ticket.transferred || ticket.receivedByTransfer) return 'TRANSFER';
  return null;
}
