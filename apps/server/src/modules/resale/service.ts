import { randomUUID } from 'node:crypto';
import type { ResaleListing, ResaleTerms } from '@utsav/domain/api/resale';
import { paiseToRupees } from '@utsav/domain/pricing';
import {
  RESALE_MESSAGES,
  type ResaleRefusalReason,
  type ResaleSettings,
  resaleClosesAt,
  resaleOpen,
  resalePricePaise,
  resaleRefusal,
  sellerRefund,
  shownResaleStatus,
} from '@utsav/domain/resale';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { findCurrentEvent, lockEvent } from '../../stores/events';
import { endHold } from '../../stores/orders';
import {
  endLiveListing,
  findListingsOfSeller,
  findLiveListingOfTicket,
  insertListing,
  type ListingRow,
  readResaleSettings,
  returnOfferToLine,
} from '../../stores/resale';
import { findTicketView, payingOrderIdOf, type TicketView } from '../../stores/tickets';

// A guest lists a ticket they own for face-value resale, or withdraws it (rules: @utsav/domain/resale). Listing
// writes only the listing: the ticket stays valid and counted as sold until a buyer pays (sale.ts), so capacity
// never moves (docs/decisions/0716-resale-one-seat.md). After the commit, the waitlist's pass is asked to offer it
// (ctx.seatsReturned): the next person waiting for its type gets it as an ordinary offer.

const REFUSALS: Record<ResaleRefusalReason, string> = {
  used: RESALE_MESSAGES.used,
  cancelled: RESALE_MESSAGES.cancelled,
  adminIssued: RESALE_MESSAGES.adminIssued,
  listed: RESALE_MESSAGES.listed,
  justReceived: RESALE_MESSAGES.justReceived,
};

export async function listTicket(ctx: AppContext, caller: UserRow, ticketId: string): Promise<ResaleListing> {
  const ticket = await ownTicket(ctx, caller, ticketId);
  const settings = await readResaleSettings(ctx.db);
  const now = ctx.now();
  assertOpen(ticket, settings, now);
  const live = await findLiveListingOfTicket(ctx.db, ticket.id);
  refuseUnlessResellable(ticket, live !== undefined, await payingOrderIdOf(ctx.db, ticket.id), now);
  // A ticket from an order with no payment to refund (staff issued one on an order, or it was ₹0) still lists:
  // its refund is ₹0 and no refund row is made.
  const money = sellerRefund(ticket.price_paise, settings.feePaise);
  const stamp = now.toISOString();
  const listing: ListingRow = {
    id: randomUUID(),
    ticket_id: ticket.id,
    event_id: ticket.event_id,
    seller_user_id: caller.id,
    ticket_type_id: ticket.ticket_type_id ?? null,
    status: 'listed',
    price_paise: resalePricePaise({
      pricePaise: ticket.price_paise,
      discountPaise: ticket.discount_paise ?? 0,
    }),
    paid_paise: money.paidPaise,
    fee_paise: money.feePaise,
    refund_paise: money.refundPaise,
    order_id: null,
    buyer_ticket_id: null,
    refund_id: null,
    listed_at: stamp,
    sold_at: null,
    ended_at: null,
    updated_at: stamp,
  };
  try {
    await transaction(ctx.db, async (trx) => {
      // Under the event lock, like every claim of a listing, so a pass never sees half of it.
      await lockEvent(trx, ticket.event_id);
      await insertListing(trx, listing);
      await recordAudit(
        trx,
        { actorUserId: caller.id, action: 'resale.listed', entity: 'ticket', entityId: ticket.id, data: {} },
        now,
      );
    });
  } catch (error) {
    // Two listings of one ticket at the same moment: the unique index of live listings lets one in.
    if (await findLiveListingOfTicket(ctx.db, ticket.id)) throw alreadyListed();
    throw error;
  }
  await ctx.seatsReturned(ticket.event_id);
  const after = (await findListingsOfSeller(ctx.db, caller.id)).find((row) => row.id === listing.id)!;
  return toListingJson({ ...after }, ticket, settings, now);
}

/**
 * Withdraws the ticket's live listing. A listing held as someone's offer may be withdrawn too (the seller may, until
 * it sells): in the same transaction the offer's hold ends (any other listing it held is available again) and a
 * waitlist place that held it goes back to waiting at its place, so their checkout is refused with
 * RESALE_OFFER_WITHDRAWN; after the commit the pass offers the next listing, if any, in line order. A payment that
 * was already under way for the hold sells nothing and is refunded in full (purchase/resale-sale.ts).
 */
export async function withdrawListing(
  ctx: AppContext,
  caller: UserRow,
  ticketId: string,
): Promise<ResaleListing> {
  const ticket = await ownTicket(ctx, caller, ticketId);
  const now = ctx.now();
  const ended = await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, ticket.event_id);
    const withdrawn = await endLiveListing(trx, ticket.id, 'withdrawn', now);
    if (withdrawn?.order_id) {
      // A listing keeps the order of its last hold: ending a hold that already ran out changes nothing.
      await endHold(trx, withdrawn.order_id, now);
      await returnOfferToLine(trx, withdrawn.order_id, now);
    }
    if (withdrawn) {
      await recordAudit(
        trx,
        {
          actorUserId: caller.id,
          action: 'resale.withdrawn',
          entity: 'ticket',
          entityId: ticket.id,
          data: {},
        },
        now,
      );
    }
    return withdrawn;
  });
  if (!ended) throw new AppError('NOT_LISTED', msg(RESALE_MESSAGES.notListed));
  if (ended.order_id) await ctx.seatsReturned(ticket.event_id);
  return toListingJson(
    { ...ended, ticket_status: ticket.status, ticket_code: ticket.ticket_code },
    ticket,
    await readResaleSettings(ctx.db),
    now,
  );
}

/** The terms a listing made now would have: what the listing dialog tells the guest before they list. */
export async function resaleTerms(ctx: AppContext): Promise<ResaleTerms> {
  const settings = await readResaleSettings(ctx.db);
  const event = await findCurrentEvent(ctx.db);
  const when = event ? { date: event.date, startTime: event.start_time } : null;
  return {
    open: when !== null && resaleOpen(when, settings, ctx.now()),
    fee: paiseToRupees(settings.feePaise),
    closeHoursBefore: settings.closeHoursBefore,
    closesAt: when ? resaleClosesAt(when, settings.closeHoursBefore).toISOString() : null,
  };
}

export async function myResales(ctx: AppContext, caller: UserRow): Promise<ResaleListing[]> {
  const settings = await readResaleSettings(ctx.db);
  const rows = await findListingsOfSeller(ctx.db, caller.id);
  const views = new Map<string, TicketView>();
  for (const row of rows) {
    if (!views.has(row.ticket_id)) views.set(row.ticket_id, (await findTicketView(ctx.db, row.ticket_id))!);
  }
  const now = ctx.now();
  return rows.map((row) => toListingJson(row, views.get(row.ticket_id)!, settings, now));
}

async function ownTicket(ctx: AppContext, caller: UserRow, ticketId: string): Promise<TicketView> {
  const ticket = await findTicketView(ctx.db, ticketId);
  // Someone else's ticket does not exist, as far as this caller can tell.
  if (!ticket || ticket.user_id !== caller.id)
    throw new AppError('TICKET_NOT_FOUND', msg('Ticket not found'));
  return ticket;
}

function assertOpen(ticket: TicketView, settings: ResaleSettings, now: Date): void {
  if (!settings.enabled) throw new AppError('RESALE_CLOSED', msg(RESALE_MESSAGES.off));
  const event = { date: ticket.event_date, startTime: ticket.event_start_time };
  if (!resaleOpen(event, settings, now)) {
    const hours = settings.closeHoursBefore;
    throw new AppError(
      'RESALE_CLOSED',
      msg(RESALE_MESSAGES.closed, { when: resaleClosesAt(event, hours), hours }),
    );
  }
}

function refuseUnlessResellable(
  ticket: TicketView,
  listed: boolean,
  payingOrderId: string | null,
  now: Date,
): void {
  const reason = resaleRefusal(
    {
      status: ticket.status,
      // No order at the start of its line: staff issued it, to this holder or to the one who passed it on. A ticket
      // received by transfer from a bought one is paid by that order (its refund goes there).
      issuedByAdmin: Boolean(ticket.issued_by_admin) || payingOrderId === null,
      listed,
      transferredFromTicketId: ticket.transferred_from_ticket_id ?? null,
      createdAt: ticket.created_at,
    },
    now,
  );
  if (reason === null) return;
  if (reason === 'listed') throw alreadyListed();
  const error = new AppError('TICKET_NOT_RESELLABLE', msg(REFUSALS[reason]));
  error.figures = { reason };
  throw error;
}

function alreadyListed(): AppError {
  return new AppError('ALREADY_LISTED', msg(RESALE_MESSAGES.listed));
}

export function toListingJson(
  row: ListingRow & { ticket_status: string; ticket_code: string },
  ticket: Pick<TicketView, 'event_date' | 'event_start_time'>,
  settings: ResaleSettings,
  now: Date,
): ResaleListing {
  const event = { date: ticket.event_date, startTime: ticket.event_start_time };
  return {
    id: row.id,
    ticketId: row.ticket_id,
    ticketCode: row.ticket_code,
    status: shownResaleStatus(row, row.ticket_status, !resaleOpen(event, settings, now)),
    refundAmount: paiseToRupees(row.refund_paise),
    fee: paiseToRupees(row.fee_paise),
    price: paiseToRupees(row.price_paise),
    listedAt: row.listed_at,
    closesAt: resaleClosesAt(event, settings.closeHoursBefore).toISOString(),
    soldAt: row.sold_at,
    refundId: row.refund_id,
  };
}
