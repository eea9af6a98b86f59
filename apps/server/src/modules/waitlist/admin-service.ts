import type { Language } from '@utsav/domain/languages';
import { typeName } from '@utsav/domain/ticket-types';
import { offerOutcome, type WaitlistEntryStatus } from '@utsav/domain/waitlist';
import type { AppContext } from '../../platform/context';
import { findCurrentEvent } from '../../stores/events';
import { findEventTypes } from '../../stores/ticket-types';
import { countByStatus, listEntries } from './repo';

// The admin view of the line: who waits (for which type, in which line), who holds an offer until when, and the
// numbers of each status.

/** Places shown at most; the numbers above the list always cover all of them. */
const LIST_LIMIT = 1000;

const STATUSES: readonly WaitlistEntryStatus[] = [
  'waiting',
  'offered',
  'bought',
  'expired',
  'left',
  'closed',
];

export async function adminWaitlist(ctx: AppContext, language: Language) {
  const event = await findCurrentEvent(ctx.db);
  const stats = Object.fromEntries(STATUSES.map((status) => [status, { people: 0, seats: 0 }])) as Record<
    WaitlistEntryStatus,
    { people: number; seats: number }
  >;
  if (!event) return { stats, offerMinutes: ctx.config.waitlistOfferMinutes, entries: [] };
  for (const count of await countByStatus(ctx.db, event.id)) stats[count.status] = count;
  const now = ctx.now();
  const types = await findEventTypes(ctx.db, event.id);
  const defaultType = types.find((type) => type.isDefault);
  const typeOf = (id: string | null | undefined) => {
    const type = types.find((one) => one.id === id) ?? defaultType;
    return { id: type?.id ?? id ?? '', name: type ? typeName(type, language) : '' };
  };
  let position = 0;
  const entries = (await listEntries(ctx.db, event.id, LIST_LIMIT)).map((row) => {
    let status = row.status;
    // An offer past its end reads as expired before the next pass settles it, as the guest sees it.
    if (status === 'offered' && row.order_status && row.offer_expires_at) {
      status = offerOutcome({ status: row.order_status, holdExpiresAt: row.offer_expires_at }, now);
    }
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      quantity: row.quantity,
      status,
      position: row.status === 'waiting' ? ++position : null,
      ticketType: typeOf(row.ticket_type_id),
      line: row.type_line === 1 ? ('type' as const) : ('event' as const),
      joinedAt: row.joined_at,
      offeredAt: row.offered_at,
      offerExpiresAt: row.offer_expires_at,
      endedAt: row.ended_at,
    };
  });
  return { stats, offerMinutes: ctx.config.waitlistOfferMinutes, entries };
}
