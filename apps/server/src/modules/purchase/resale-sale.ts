import { randomUUID } from 'node:crypto';
import { RESOLD_REASON } from '@utsav/domain/resale';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { OrderRow, PaymentEventsTable, TicketRow } from '../../platform/db/schema';
import { prepareQrDataUrls } from '../../platform/documents/qr-data-url';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { lockEvent } from '../../stores/events';
import { findOrderById, lockOrder } from '../../stores/orders';
import { recordPaymentEvent } from '../../stores/payment-events';
import {
  endListingsOfOrder,
  findListingsOfOrder,
  isResaleOrder,
  type ListingRow,
  markListingSold,
} from '../../stores/resale';
import { paidTicketRow, payingOrderIdOf } from '../../stores/tickets';
import { findUserById } from '../../stores/users';
import type { CapturedPayment } from '../payments/captured-payment';
import { refundDuplicatePayment, refundLatePayment } from '../payments/payment-refunds';
import { sendRefund } from '../refunds/gateway';
import { queueRefund } from '../refunds/queued-refund';
import { eventSigningKey } from '../tickets/ticket-signing';
import type { Fulfilment, FulfilSource } from './fulfilment';
import {
  findTicketRow,
  insertTicketsOnce,
  markOrderPaid,
  markOrderRefundOwed,
  resellTicketRow,
} from './repo';

// The payment of a resale hold (stores/resale.ts; the hold: modules/resale/hold.ts) swaps holders, in ONE
// transaction (docs/decisions/0716-resale-one-seat.md):
//   event lock → the buyer's order lock → each seller's order lock (the order of every cancellation) → the
//   sellers' tickets cancelled "Resold" by one conditional update each (`status = 'active'`), BEFORE the buyer's
//   tickets are inserted: a ticket row then the event's counters, the order the gate and a cancellation take too,
//   so the sale never waits on the counters while holding them against a gate (PostgreSQL lock order, 0031).
// Sold + held never moves: the hold counts no people, each seller's ticket leaves "sold" as the buyer's enters.
// RACES: the seller's ticket row decides. A gate admission, a cancellation or a transfer that committed first leaves
// the conditional update changing 0 rows: the whole sale rolls back, and a second transaction marks the buyer's
// order refund-owed and ends the listings; the buyer's full payment goes back (refundLatePayment). One that comes
// after finds the ticket cancelled and changes nothing. A listing withdrawn, or given to a later hold after this
// one ran out, is no longer this order's: the same full refund.

/** Whether `order` is a resale hold: `people = 0` marks it (no other order admits nobody), then its listing. */
export async function sellsListings(db: Db, order: OrderRow): Promise<boolean> {
  return Number(order.people) === 0 && order.people !== null && (await isResaleOrder(db, order.id));
}

class SellerWon extends Error {}

export async function fulfilResale(
  ctx: AppContext,
  read: OrderRow,
  payment: CapturedPayment,
  source: FulfilSource,
  delivery?: PaymentEventsTable,
): Promise<Fulfilment> {
  if (read.status === 'paid' && read.razorpay_payment_id === payment.id) return { outcome: 'already-issued' };
  const signingKey = await eventSigningKey(ctx, read.event_id);
  const now = ctx.now();
  const stamp = now.toISOString();
  let refunds: string[] = [];
  let drafts: TicketRow[] = [];
  type Decision = 'issued' | 'already-issued' | 'refund-owed' | 'already-refunded' | 'duplicate';
  let decision: Decision;
  try {
    decision = await transaction(ctx.db, async (trx): Promise<Decision> => {
      refunds = [];
      const event = await lockEvent(trx, read.event_id);
      if (!event) throw new AppError('EVENT_NOT_FOUND', msg('Event not found'));
      const order = await lockOrder(trx, read.id);
      if (!order) throw new AppError('ORDER_NOT_FOUND', msg('Order not found'));
      if (order.status === 'paid' || order.status === 'refunded') {
        if (order.razorpay_payment_id !== payment.id) return 'duplicate';
        return order.status === 'paid' ? 'already-issued' : 'already-refunded';
      }
      const owner = await findUserById(trx, order.user_id);
      const listings = (await findListingsOfOrder(trx, order.id)).filter((row) => row.status === 'offered');
      if (!owner || listings.length !== order.quantity) return owe(trx, order, payment, source, now);
      const sellers = await lockSellerOrders(trx, listings);
      drafts = [];
      for (const [index, listing] of listings.entries()) {
        const sold = await findTicketRow(trx, listing.ticket_id);
        if (!sold || !(await resellTicketRow(trx, listing.ticket_id, RESOLD_REASON, now)))
          throw new SellerWon();
        const id = randomUUID();
        drafts.push(
          paidTicketRow(
            {
              id,
              qr_token: signingKey.sign(id),
              order_id: order.id,
              seq: index + 1,
              event_id: order.event_id,
              user_id: order.user_id,
              holder_name: owner.name,
              price_paise: listing.price_paise,
              // The seller's pass, at face value: no code, no discount (docs/decisions/0715-resale-price.md).
              ticket_type_id: sold.ticket_type_id ?? null,
              phase_id: sold.phase_id ?? null,
              admits: sold.admits ?? 1,
            },
            stamp,
          ),
        );
        const seller = sellers.get(sold.id);
        const refundId =
          listing.refund_paise > 0 && seller?.razorpay_payment_id
            ? await queueRefund(
                trx,
                {
                  ticketId: sold.id,
                  orderId: seller.id,
                  userId: listing.seller_user_id,
                  paymentId: seller.razorpay_payment_id,
                  originalPaise: listing.paid_paise,
                  feePaise: listing.fee_paise,
                  refundPaise: listing.refund_paise,
                  reason: RESOLD_REASON,
                  mail: null,
                },
                now,
              )
            : null;
        if (refundId) refunds.push(refundId);
        if (!(await markListingSold(trx, listing.id, order.id, { buyerTicketId: id, refundId }, now))) {
          throw new Error(`resale listing ${listing.id} changed under the event lock`);
        }
        await enqueueOutbox(trx, 'resale-sold', { listingId: listing.id }, now);
      }
      if (!(await markOrderPaid(trx, order.id, order.status, payment.id, now))) {
        throw new Error(`order ${order.id} changed under its lock`);
      }
      if ((await insertTicketsOnce(trx, drafts)) !== drafts.length) {
        throw new Error(`order ${order.id}: partial ticket issuance`);
      }
      await enqueueOutbox(trx, 'tickets-confirmation', { orderId: order.id }, now);
      await enqueueOutbox(trx, 'tax-document', { orderId: order.id }, now);
      await recordAudit(
        trx,
        {
          actorUserId: null,
          action: 'order.paid',
          entity: 'order',
          entityId: order.id,
          data: {
            source,
            paymentId: payment.id,
            tickets: drafts.length,
            resale: listings.map((row) => row.id),
          },
        },
        now,
      );
      if (delivery) await recordPaymentEvent(trx, delivery);
      return 'issued';
    });
  } catch (error) {
    if (!(error instanceof SellerWon)) throw error;
    // The seller's gate, cancellation or transfer won: nothing of the sale was written; the buyer is refunded.
    decision = await transaction(ctx.db, async (trx) => {
      await lockEvent(trx, read.event_id);
      const order = await lockOrder(trx, read.id);
      if (!order) throw new AppError('ORDER_NOT_FOUND', msg('Order not found'));
      if (order.status === 'paid' || order.status === 'refunded') return 'already-refunded';
      return owe(trx, order, payment, source, now);
    });
  }

  switch (decision) {
    case 'issued':
      prepareQrDataUrls(drafts.map((draft) => draft.qr_token));
      for (const refundId of refunds) await sendRefund(ctx, refundId);
      return { outcome: 'issued' };
    case 'already-issued':
      return { outcome: 'already-issued' };
    case 'duplicate': {
      await refundDuplicatePayment(ctx, read, payment);
      return { outcome: 'already-issued' };
    }
    case 'refund-owed':
    case 'already-refunded': {
      const refunded = (await findOrderById(ctx.db, read.id))!;
      const refundSent = refunded.razorpay_refund_id !== null || (await refundLatePayment(ctx, refunded));
      return { outcome: 'refunded', order: refunded, refundSent };
    }
  }
}

/**
 * The orders that paid for the sold tickets, by ticket id, locked in id order (the order a cancellation of each
 * takes alone). A ticket received by transfer is paid by the order of the ticket it came from: its refund goes to
 * that payment, as the refund policy says.
 */
async function lockSellerOrders(trx: Db, listings: readonly ListingRow[]): Promise<Map<string, OrderRow>> {
  const paidBy = new Map<string, string>();
  for (const listing of listings) {
    const orderId = await payingOrderIdOf(trx, listing.ticket_id);
    if (orderId) paidBy.set(listing.ticket_id, orderId);
  }
  const locked = new Map<string, OrderRow>();
  for (const id of [...new Set(paidBy.values())].sort()) {
    const order = await lockOrder(trx, id);
    if (order) locked.set(id, order);
  }
  const byTicket = new Map<string, OrderRow>();
  for (const [ticketId, orderId] of paidBy) {
    const order = locked.get(orderId);
    if (order) byTicket.set(ticketId, order);
  }
  return byTicket;
}

async function owe(
  trx: Db,
  order: OrderRow,
  payment: CapturedPayment,
  source: FulfilSource,
  now: Date,
): Promise<'refund-owed'> {
  if (!(await markOrderRefundOwed(trx, order.id, order.status, payment.id, now))) {
    throw new Error(`order ${order.id} changed under its lock`);
  }
  await endListingsOfOrder(trx, order.id, now);
  await recordAudit(
    trx,
    {
      actorUserId: null,
      action: 'order.late_payment_refund_owed',
      entity: 'order',
      entityId: order.id,
      data: { source, paymentId: payment.id, reason: 'resale-seller-won' },
    },
    now,
  );
  return 'refund-owed';
}
