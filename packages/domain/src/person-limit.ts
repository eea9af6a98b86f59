// The per-person cap (docs/decisions/0307-per-person-cap.md): one person may hold or have bought at most `limit` seats of
// the event, so a handful of accounts cannot sit on the stock during a sales rush. Seats in the person's live
// holds count (unpaid checkouts still block everyone else), and so do tickets they bought that still admit
// (active or used). Hand-issued tickets and cancelled ones do not: staff decide those, and a cancelled seat is
// back on sale. Server (the check under the event lock) and web (the purchase dialog) use this one rule.

export interface PersonSeats {
  /** Seats in this person's live holds (orders still being paid for). */
  held: number;
  /** Tickets this person bought that are active or used. */
  bought: number;
}

export interface PersonAllowance extends PersonSeats {
  limit: number;
  /** How many more seats this person may hold now; never negative. */
  remaining: number;
}

export function personAllowance(limit: number, seats: PersonSeats): PersonAllowance {
  return { limit, ...seats, remaining: Math.max(0, limit - seats.held - seats.bought) };
}

/** True when a new hold of `quantity` seats keeps the person within the cap. */
export function fitsPersonLimit(allowance: PersonAllowance, quantity: number): boolean {
  return quantity <= allowance.remaining;
}
