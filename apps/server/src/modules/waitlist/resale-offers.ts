import { resaleOpen } from '@utsav/domain/resale';
import { waitlistOfferKey } from '@utsav/domain/waitlist';
import { recordAudit } from '../../platform/audit/repo';
import type { Db } from '../../platform/db/database';
import type { EventRow, WaitlistEntryRow } from '../../platform/db/schema';
import { enqueueOutboxOnce } from '../../platform/outbox/repo';
import { insertOrder } from '../../stores/orders';
import {
  claimListing,
  findAvailableListings,
  type ListingRow,
  readResaleSettings,
} from '../../stores/resale';
import { resaleHold } from '../resale/hold';
import { moveEntry } from './repo';

// Resold tickets go to the line first (face-value resale): inside the offer pass, under the event lock, before the
// fresh seats. Each place waiting for a type, in line order, first fit, is offered its quantity of that type's
// available listings (oldest listed first) as an ordinary offer: a hold with the same window and checkout, whose
// seats are the sellers' tickets (resale/hold.ts), so no free capacity is needed and none is taken. A listing is
// claimed by one conditional update from the state read under the lock (resale/repo.ts claimListing): two passes
// never offer one listing twice. A listing whose earlier offer ran out is available again here.

export async function offerListings(
  trx: Db,
  event: EventRow,
  waiting: readonly WaitlistEntryRow[],
  defaultTypeId: string,
  holdExpiresAt: string,
  now: Date,
): Promise<Set<string>> {
  const offered = new Set<string>();
  const listings = await findAvailableListings(trx, event.id, now);
  if (listings.length === 0 || waiting.length === 0) return offered;
  if (!resaleOpen({ date: event.date, startTime: event.start_time }, await readResaleSettings(trx), now)) {
    return offered;
  }
  const pools = new Map<string, ListingRow[]>();
  for (const listing of listings) {
    const type = listing.ticket_type_id ?? defaultTypeId;
    pools.set(type, [...(pools.get(type) ?? []), listing]);
  }
  for (const entry of waiting) {
    const pool = pools.get(entry.ticket_type_id ?? defaultTypeId);
    if (!pool || pool.length < entry.quantity) continue;
    const taken = pool.splice(0, entry.quantity);
    const order = resaleHold({
      userId: entry.user_id,
      eventId: event.id,
      listings: taken,
      holdExpiresAt,
      now,
    });
    await insertOrder(trx, order);
    for (const listing of taken) {
      if (!(await claimListing(trx, listing, order.id, now))) {
        throw new Error(`resale listing ${listing.id} changed under the event lock`);
      }
    }
    if (!(await moveEntry(trx, entry.id, 'waiting', 'offered', now, { orderId: order.id }))) {
      throw new Error(`waitlist entry ${entry.id} changed under the event lock`);
    }
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'waitlist.offered',
        entity: 'waitlist',
        entityId: entry.id,
        data: { orderId: order.id, quantity: entry.quantity, resale: taken.map((listing) => listing.id) },
      },
      now,
    );
    await enqueueOutboxOnce(
      trx,
      waitlistOfferKey(entry.id, order.id),
      'waitlist-offer',
      { entryId: entry.id },
      now,
    );
    offered.add(entry.id);
  }
  return offered;
}
