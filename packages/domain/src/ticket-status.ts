// A ticket's status as every screen, export, the gate and the API show it (docs/product.md#ticket-management).
//
// The tickets table stores three statuses (active, used, cancelled); a ticket revoked by a transfer is stored as
// cancelled with its transfer's time (transferred_at), because its seat and money moved to the recipient's new
// ticket. Shown, it is 'transferred', never 'cancelled': the staff list, its filter, the counts, the exports, the
// gate's refusal, the Gates panel and the guest's totals all name it by this one function.

/** The statuses shown. A resold ticket is shown cancelled, with its reason "Resold" (@utsav/domain/resale). */
export const SHOWN_TICKET_STATUSES = ['active', 'used', 'cancelled', 'transferred'] as const;
export type ShownTicketStatus = (typeof SHOWN_TICKET_STATUSES)[number];

/** What a ticket row says of itself: its stored status and whether a transfer revoked it. */
export interface StoredTicketStatus {
  status: string;
  /** Set when a completed transfer revoked the ticket. */
  transferredAt?: string | null | undefined;
}

export function shownTicketStatus(ticket: StoredTicketStatus): ShownTicketStatus {
  if (ticket.transferredAt) return 'transferred';
  return ticket.status === 'used' || ticket.status === 'cancelled' ? ticket.status : 'active';
}

/** Counts by shown status, every status present (0 when none), and their total. */
export type ShownStatusCounts = Record<ShownTicketStatus, number> & { total: number };

export function countShownStatuses(tickets: Iterable<StoredTicketStatus>): ShownStatusCounts {
  const counts = emptyStatusCounts();
  for (const ticket of tickets) {
    counts[shownTicketStatus(ticket)] += 1;
    counts.total += 1;
  }
  return counts;
}

export function emptyStatusCounts(): ShownStatusCounts {
  return { active: 0, used: 0, cancelled: 0, transferred: 0, total: 0 };
}
