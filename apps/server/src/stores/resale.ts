import { DEFAULT_RESALE_SETTINGS, type ResaleSettings } from '@utsav/domain/resale';
import type { Db } from '../platform/db/database';
import type { ResaleListingsTable } from '../platform/db/schema-resale';

// SQL of face-value resale, shared by the modules that list, offer and sell (resale, waitlist, purchase). No rule
// lives here; the conditions in the updates are the guards those modules rely on (docs/decisions/0716-resale-one-seat.md).

export type ListingRow = ResaleListingsTable;

export async function readResaleSettings(db: Db): Promise<ResaleSettings> {
  const row = await db
    .selectFrom('resale_settings')
    .selectAll()
    .where('id', '=', 'resale')
    .executeTakeFirst();
  if (!row) return DEFAULT_RESALE_SETTINGS;
  return {
    enabled: Boolean(row.enabled),
    feePaise: Number(row.fee_paise),
    closeHoursBefore: Number(row.close_hours_before),
  };
}

export async function writeResaleSettings(
  db: Db,
  settings: ResaleSettings,
  userId: string,
  now: Date,
): Promise<void> {
  const row = {
    enabled: settings.enabled ? 1 : 0,
    fee_paise: settings.feePaise,
    close_hours_before: settings.closeHoursBefore,
    updated_by: userId,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('resale_settings')
    .values({ id: 'resale', ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** Fails on the unique index of live listings when the ticket already has one (the caller says ALREADY_LISTED). */
export async function insertListing(db: Db, listing: ListingRow): Promise<void> {
  await db.insertInto('resale_listings').values(listing).execute();
}

export function findLiveListingOfTicket(db: Db, ticketId: string): Promise<ListingRow | undefined> {
  return db
    .selectFrom('resale_listings')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .where('status', 'in', ['listed', 'offered'])
    .executeTakeFirst();
}

export function findListingById(db: Db, id: string): Promise<ListingRow | undefined> {
  return db.selectFrom('resale_listings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A listing with its refund's printed code (the seller's mail). */
export function findListingWithRefund(
  db: Db,
  id: string,
): Promise<(ListingRow & { refund_code: string | null }) | undefined> {
  return db
    .selectFrom('resale_listings')
    .leftJoin('refunds', 'refunds.id', 'resale_listings.refund_id')
    .selectAll('resale_listings')
    .select('refunds.refund_code as refund_code')
    .where('resale_listings.id', '=', id)
    .executeTakeFirst();
}

/** The listings a hold (an offer's or a checkout's) sells. */
export function findListingsOfOrder(db: Db, orderId: string): Promise<ListingRow[]> {
  return db.selectFrom('resale_listings').selectAll().where('order_id', '=', orderId).execute();
}

/** Whether any listing was ever held by this order: cheap, on the order index. */
export async function isResaleOrder(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('resale_listings')
    .select('id')
    .where('order_id', '=', orderId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ListingWithTicket extends ListingRow {
  ticket_status: string;
  ticket_code: string;
}

export function findListingsOfSeller(db: Db, userId: string): Promise<ListingWithTicket[]> {
  return db
    .selectFrom('resale_listings')
    .innerJoin('tickets', 'tickets.id', 'resale_listings.ticket_id')
    .selectAll('resale_listings')
    .select(['tickets.status as ticket_status', 'tickets.ticket_code as ticket_code'])
    .where('resale_listings.seller_user_id', '=', userId)
    .orderBy('resale_listings.listed_at', 'desc')
    .execute();
}

/**
 * Listings a buyer may be given now, oldest first: listed, or offered on a hold that is no longer live (it ran
 * out or failed unpaid), and only while the seller's ticket is still active (an admitted, cancelled or transferred
 * ticket ended its listing: docs/decisions/0716-resale-one-seat.md). Read under the event lock by whoever claims.
 */
export function findAvailableListings(
  db: Db,
  eventId: string,
  now: Date,
  ticketTypeId?: string,
): Promise<ListingRow[]> {
  const stamp = now.toISOString();
  let query = db
    .selectFrom('resale_listings')
    .innerJoin('tickets', 'tickets.id', 'resale_listings.ticket_id')
    .leftJoin('orders', 'orders.id', 'resale_listings.order_id')
    .selectAll('resale_listings')
    .where('resale_listings.event_id', '=', eventId)
    .where('tickets.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('resale_listings.status', '=', 'listed'),
        eb.and([
          eb('resale_listings.status', '=', 'offered'),
          eb.or([eb('orders.status', '!=', 'created'), eb('orders.hold_expires_at', '<=', stamp)]),
        ]),
      ]),
    );
  if (ticketTypeId) query = query.where('resale_listings.ticket_type_id', '=', ticketTypeId);
  return query.orderBy('resale_listings.listed_at').orderBy('resale_listings.id').execute();
}

/**
 * Available listings per ticket type (GET /event's resaleAvailable), and the face value of the one sold next (the
 * oldest, as the checkout takes them), in paise.
 */
export async function countAvailableByType(
  db: Db,
  eventId: string,
  now: Date,
): Promise<Map<string, { count: number; nextPricePaise: number }>> {
  const counts = new Map<string, { count: number; nextPricePaise: number }>();
  for (const listing of await findAvailableListings(db, eventId, now)) {
    const type = listing.ticket_type_id ?? '';
    const seen = counts.get(type);
    if (seen) seen.count += 1;
    else counts.set(type, { count: 1, nextPricePaise: listing.price_paise });
  }
  return counts;
}

/**
 * Gives a listing to a hold: only from the state the claimer read under the event lock (listed, or offered on the
 * stale hold `staleOrderId`), so a listing is held by one live hold at most.
 */
export async function claimListing(
  db: Db,
  listing: Pick<ListingRow, 'id' | 'status' | 'order_id'>,
  orderId: string,
  now: Date,
): Promise<boolean> {
  let query = db
    .updateTable('resale_listings')
    .set({ status: 'offered', order_id: orderId, updated_at: now.toISOString() })
    .where('id', '=', listing.id)
    .where('status', '=', listing.status);
  query =
    listing.order_id === null
      ? query.where('order_id', 'is', null)
      : query.where('order_id', '=', listing.order_id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** offered (by this order) → sold. */
export async function markListingSold(
  db: Db,
  id: string,
  orderId: string,
  sale: { buyerTicketId: string; refundId: string | null },
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable('resale_listings')
    .set({
      status: 'sold',
      buyer_ticket_id: sale.buyerTicketId,
      refund_id: sale.refundId,
      sold_at: stamp,
      ended_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', id)
    .where('order_id', '=', orderId)
    .where('status', '=', 'offered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A live listing → withdrawn (by its seller) or ended (closed at the cut-off). Returns the listing it ended. */
export async function endLiveListing(
  db: Db,
  ticketId: string,
  to: 'withdrawn' | 'ended',
  now: Date,
): Promise<ListingRow | undefined> {
  const live = await findLiveListingOfTicket(db, ticketId);
  if (!live) return undefined;
  const stamp = now.toISOString();
  const result = await db
    .updateTable('resale_listings')
    .set({ status: to, ended_at: stamp, updated_at: stamp })
    .where('id', '=', live.id)
    .where('status', '=', live.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { ...live, status: to } : undefined;
}

export interface AdminListingRow extends ListingWithTicket {
  seller_name: string;
  seller_email: string;
  type_name: string | null;
  refund_status: string | null;
}

export function findAllListings(db: Db, eventId: string, limit: number): Promise<AdminListingRow[]> {
  return db
    .selectFrom('resale_listings')
    .innerJoin('tickets', 'tickets.id', 'resale_listings.ticket_id')
    .innerJoin('users', 'users.id', 'resale_listings.seller_user_id')
    .leftJoin('ticket_types', 'ticket_types.id', 'resale_listings.ticket_type_id')
    .leftJoin('refunds', 'refunds.id', 'resale_listings.refund_id')
    .selectAll('resale_listings')
    .select([
      'tickets.status as ticket_status',
      'tickets.ticket_code as ticket_code',
      'users.name as seller_name',
      'users.email as seller_email',
      'ticket_types.name as type_name',
      'refunds.status as refund_status',
    ])
    .where('resale_listings.event_id', '=', eventId)
    .orderBy('resale_listings.listed_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * A hold that sold nothing (its buyer is refunded): its listings whose ticket is no longer active end; the others
 * stay offered by a hold that is no longer live, which makes them available again (findAvailableListings).
 */
export async function endListingsOfOrder(db: Db, orderId: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable('resale_listings')
    .set({ status: 'ended', ended_at: stamp, updated_at: stamp })
    .where('order_id', '=', orderId)
    .where('status', '=', 'offered')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('tickets')
            .select('tickets.id')
            .whereRef('tickets.id', '=', 'resale_listings.ticket_id')
            .where('tickets.status', '=', 'active'),
        ),
      ),
    )
    .execute();
}

/**
 * The place whose offer held `orderId` goes back to waiting, at its place in line (offered → waiting): its seller
 * withdrew a listing of the offer before it was paid, which is no fault of the person. `offer_order_id` stays, so
 * their checkout can say why the offer ended (findWithdrawnOffer); the next pass may offer them another listing.
 */
export async function returnOfferToLine(db: Db, orderId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('waitlist_entries')
    .set({ status: 'waiting', updated_at: now.toISOString() })
    .where('offer_order_id', '=', orderId)
    .where('status', '=', 'offered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether the last change to a type's listings was a seller withdrawing one (every claim, sale, withdrawal and end
 * stamps `updated_at`). Asked by the purchase dialog's resale checkout once none of the type is available, to say
 * why: the one it showed was taken back, rather than held or bought by someone else. Never on the hot path.
 */
export async function lastListingChangeWasWithdrawal(
  db: Db,
  eventId: string,
  ticketTypeId: string,
): Promise<boolean> {
  const last = await db
    .selectFrom('resale_listings')
    .select('status')
    .where('event_id', '=', eventId)
    .where('ticket_type_id', '=', ticketTypeId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.status === 'withdrawn';
}

/** Whether the person waits again because a seller withdrew the listing their last offer held. */
export async function findWithdrawnOffer(db: Db, eventId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('waitlist_entries')
    .innerJoin('resale_listings', 'resale_listings.order_id', 'waitlist_entries.offer_order_id')
    .select('waitlist_entries.id')
    .where('waitlist_entries.event_id', '=', eventId)
    .where('waitlist_entries.user_id', '=', userId)
    .where('waitlist_entries.status', '=', 'waiting')
    .where('resale_listings.status', '=', 'withdrawn')
    .executeTakeFirst();
  return row !== undefined;
}
