import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import type { Language } from '@utsav/domain/languages';
import { isListed, publicTicketType } from '@utsav/domain/ticket-type-view';
import type { Db } from '../../platform/db/database';
import { findEventTypes, findSalesCounters, takenOf } from '../../stores/ticket-types';
import { typesWithLine } from '../../stores/waitlist-line';

// GET /event's `ticketTypes`: the types a guest may see (neither hidden nor archived), in the organiser's order,
// named in the caller's language. Taken per type and phase comes from the counters (sold + every hold not yet
// marked expired): two reads whatever has been sold. A hold that ran out a moment ago may still count until the
// expiry job marks it; the checkout itself judges on the exact live holds when a limit is within reach. A type
// someone waits for in its own waitlist line shows none available: its tickets that come back are theirs.

export async function publicTicketTypes(
  db: Db,
  eventId: string,
  peopleLeft: number,
  now: Date,
  language: Language,
): Promise<PublicTicketType[]> {
  const [types, counters, lines] = await Promise.all([
    findEventTypes(db, eventId),
    findSalesCounters(db, eventId),
    typesWithLine(db, eventId),
  ]);
  return types.filter(isListed).map((type) =>
    publicTicketType(type, takenOf(counters, type), {
      now,
      peopleLeft,
      language,
      typeLineWaiting: lines.has(type.id),
    }),
  );
}
