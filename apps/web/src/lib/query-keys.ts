// The query keys of server data that more than one feature reads or changes: a purchase changes the guest's
// tickets and the event's availability; a cancellation, the tickets, the refunds and the availability; a
// transfer or a renamed holder, the guest's tickets. Features never import each other, so the keys they share
// live here. A key only its own feature uses stays in that feature's api file.

/** GET /event and anything under it (the current event, its availability). */
export const EVENT_QUERY_KEY = ['event'] as const;

/** Every query about tickets: the guest's own, and how many more they may buy. */
export const TICKETS_QUERY_KEY = ['tickets'] as const;

/** GET /tickets/my-tickets. */
export const MY_TICKETS_QUERY_KEY = [...TICKETS_QUERY_KEY, 'my-tickets'] as const;

/** GET /setup: how far a new install is from selling (the first run, the event's draft state). */
export const SETUP_QUERY_KEY = ['setup'] as const;
