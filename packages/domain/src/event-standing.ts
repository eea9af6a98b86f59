// The event's standing after a change of plans, without zod: the landing page's first screen reads it (decision
// 1108). The rest of the rules and the request shapes are ./event-change, which re-exports these.

export const EVENT_STATUSES = ['on-sale', 'postponed', 'called-off'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export interface EventStanding {
  status: EventStatus;
  /** ISO instant; set by a postponement. */
  freeRefundUntil: string | null;
}

/** Within the period after a postponement: a holder's cancellation is refunded in full, whatever the date. */
export function freeRefundOpen(event: EventStanding, now: Date): boolean {
  return (
    event.status === 'postponed' &&
    event.freeRefundUntil !== null &&
    now.getTime() < new Date(event.freeRefundUntil).getTime()
  );
}
