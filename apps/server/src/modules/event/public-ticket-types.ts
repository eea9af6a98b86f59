import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import type { Language } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import { resaleOpen } from '@utsav/domain/resale';
import { isListed, publicTicketType } from '@utsav/domain/ticket-type-view';
import type { Db } from '../../platform/db/database';
import { findEventById } from '../../stores/events';
import { countAvailableByType, readResaleSettings } from '../../stores/resale';
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
  const [types, counters, lines, resale] = await Promise.all([
    findEventTypes(db, eventId),
    findSalesCounters(db, eventId),
    typesWithLine(db, eventId),
    resaleOnOffer(db, eventId, now),
  ]);
  return types.filter(isListed).map((type) => ({
    ...publicTicketType(type, takenOf(counters, type), {
      now,
      peopleLeft,
      language,
      typeLineWaiting: lines.has(type.id),
    }),
    resaleAvailable: resale.get(type.id)?.count ?? 0,
    resalePrice: nextPrice(resale.get(type.id)),
  }));
}

function nextPrice(offer: { nextPricePaise: number } | undefined): number | null {
  return offer ? paiseToRupees(offer.nextPricePaise) : null;
}

/**
 * Resold tickets a buyer could be given now, per type: none while resale is off or past its cut-off (listings
 * are then neither offered nor sold). Read without a lock: a figure to show; the checkout claims under the lock.
 */
async function resaleOnOffer(
  db: Db,
  eventId: string,
  now: Date,
): Promise<Map<string, { count: number; nextPricePaise: number }>> {
  const event = await findEventById(db, eventId);
  if (!event) return new Map();
  const open = resaleOpen(
    { date: event.date, startTime: event.start_time },
    await readResaleSettings(db),
    now,
  );
  return open ? countAvailableByType(db, eventId, now) : new Map();
}
