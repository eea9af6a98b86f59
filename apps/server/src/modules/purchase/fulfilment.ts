import { randomUUID } from 'node:crypto';
import { ticketHolderNames } from '@utsav/domain/manual-issuance-schema';
import { type TicketPrice, ticketsOfLines } from '@utsav/domain/order-lines';
import { auditRow, recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { OrderRow, PaymentEventsTable, TicketRow } from '../../platform/db/schema';
import type { OrderLineRow } from '../../platform/db/schema-sales';
import { prepareQrDataUrls } from '../../platform/documents/qr-data-url';
import { AppError } from '../../platform/errors';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { countTaken, lockEvent } from '../../stores/events';
import { findOrderById, lockOrder } from '../../stores/orders';
import { recordPaymentEvent } from '../../stores/payment-events';
import { paidTicketRow, type TicketView } from '../../stores/tickets';
import { findUserById } from '../../stores/users';
import type { CapturedPayment } from '../payments/captured-payment';
import { refundDuplicatePayment, refundLatePayment } from '../payments/payment-refunds';
import { type EventSigningKey, eventSigningKey } from '../tickets/ticket-signing';
import { lateLinesOverLimit } from './late-payment-limits';
import { issueLiveHold } from './live-hold-issue';
import { findOrderLines, insertTicketsOnce, markOrderPaid, markOrderRefundOwed } from './repo';
import { fulfilResale, sellsListings } from './resale-sale';

// Turning a paid order into tickets, exactly once, whoever gets there first: verify-payment, the webhook
// or the reconciliation job all call fulfilOrder with a payment they have already confirmed is captured.
//
//  - A live hold (status created, hold not expired) becomes tickets in the same transaction that marks the
//    order paid, so "sold + held" does not change and the inventory invariant holds trivially.
//  - A payment for an order whose hold has run out (expired, or created but past hold_expires_at) is a late
//    payment: its seats were back on sale, so stock is counted again under the event lock (people, then the
//    limits of its types, phases and code: late-payment-limits.ts). If it fits, the
//    order is fulfilled; if not, the order is marked refunded (the decision, committed first, so no other
//    caller can issue tickets for it afterwards) and the full amount is refunded after the commit. The
//    refund call uses an idempotency key derived from the order id, so retries (job, webhook, verify)
//    never refund twice, and the guest's mail is queued only by the update that records the refund id.
//  - A payment for an order whose buyer's account was deleted is refunded in full the same way, whatever the
//    stock: nobody could receive the tickets, and no mail goes to the anonymised address. So is a payment that
//    arrives after the night was called off.

export type FulfilSource = 'verify' | 'webhook' | 'reconcile';

export type Fulfilment =
  /** `tickets`: the tickets just issued, when the statement that issued them also read them (PostgreSQL). */
  | { outcome: 'issued'; tickets?: TicketView[] }
  | { outcome: 'already-issued' }
  | { outcome: 'refunded'; order: OrderRow; refundSent: boolean };

type Decision =
  | { kind: 'issued' | 'already-issued' }
  | { kind: 'refund-owed' | 'already-refunded' }
  | { kind: 'duplicate-payment'; status: OrderRow['status'] };

/**
 * `read` is the caller's recent read of the order (by id or Razorpay id): it only spares work when it already
 * shows this payment settled, or chooses the one-statement issue of a live hold (which judges again in the
 * database); everything else is judged again on the row locked inside the transaction.
 * The callers that answer with tickets read them afterwards (verify-payment); a webhook or the job needs none.
 * `delivery` (a webhook's) is recorded with the tickets when this call issues them, and only then (outcome
 * 'issued'): one commit instead of a commit of its own.
 */
export async function fulfilOrder(
  ctx: AppContext,
  read: OrderRow,
  payment: CapturedPayment,
  source: FulfilSource,
  delivery?: PaymentEventsTable,
): Promise<Fulfilment> {
  let order = read;
  if (payment.amount !== order.amount_paise) {
    // Callers check this already; a mismatch here is a bug, and issuing on it would give tickets away.
    throw new AppError('PAYMENT_NOT_VERIFIED', 'The payment amount does not match this order.');
  }
  // Replays (the common case after the first verify) answer without signing or locking anything.
  if (order.status === 'paid' && order.razorpay_payment_id === payment.id)
    return { outcome: 'already-issued' };
  // A resale hold swaps the sellers' tickets for new ones: never the lock-free path, never a late payment's count.
  if (await sellsListings(ctx.db, order)) return fulfilResale(ctx, order, payment, source, delivery);

  const signingKey = await eventSigningKey(ctx, order.event_id);
  const now = ctx.now();
  // Signed before any statement: Ed25519 per ticket must not be spent holding a lock. The holder names (not
  // signed) are filled in from the owner's row read with the write.
  // An order's lines never change once its hold is written: read outside the transaction.
  const lines = await findOrderLines(ctx.db, order.id);
  const drafts = draftTickets(order, lines, signingKey, now);

  if (mayIssueWithoutEventLock(ctx, order, now)) {
    const tickets = await issueWithoutEventLock(ctx, order, payment, source, drafts, now, delivery);
    if (tickets.length > 0) {
      prepareQrDataUrls(drafts.map((draft) => draft.qr_token));
      return { outcome: 'issued', tickets };
    }
    // Not a live hold any more (paid by the racing caller, expired, the owner deleted): judged under the locks.
    order = (await findOrderById(ctx.db, order.id)) ?? order;
    if (order.status === 'paid' && order.razorpay_payment_id === payment.id)
      return { outcome: 'already-issued' };
  }

  const decision = await transaction(ctx.db, async (trx): Promise<Decision> => {
    // Lock order: event row, then order row, everywhere (see service.ts for the invariant).
    const event = await lockEvent(trx, order.event_id);
    if (!event) throw new AppError('EVENT_NOT_FOUND', 'Event not found');
    const current = await lockOrder(trx, order.id);
    if (!current) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    if (current.status === 'paid' || current.status === 'refunded') {
      if (current.razorpay_payment_id !== payment.id)
        return { kind: 'duplicate-payment', status: current.status };
      return { kind: current.status === 'paid' ? 'already-issued' : 'already-refunded' };
    }

    /** The payment goes back in full: the decision is committed here, the refund is sent after the commit. */
    const refundOwed = async (data: Record<string, unknown>): Promise<Decision> => {
      if (!(await markOrderRefundOwed(trx, current.id, current.status, payment.id, now))) {
        throw new Error(`order ${current.id} changed under its lock`);
      }
      await recordAudit(
        trx,
        {
          actorUserId: null,
          action: 'order.late_payment_refund_owed',
          entity: 'order',
          entityId: current.id,
          data: { source, paymentId: payment.id, ...data },
        },
        now,
      );
      return { kind: 'refund-owed' };
    };

    // A called-off night sells nothing. The call-off released this hold (so its payment comes here, never to
    // the lock-free path) and changed the event row under the same event lock, so it committed wholly before
    // this judgement, or after it (then its refund job finds these tickets among the ones to refund).
    if (event.status === 'called-off') return refundOwed({ reason: 'called-off' });

    // The buyer's account was deleted (deletion also ended this hold): tickets for an anonymised row would
    // reach nobody, so the payment goes back in full, like a late payment with no seats. Deletion updates
    // this order row, so it cannot commit between this read and this transaction's end.
    const owner = await findUserById(trx, current.user_id);
    if (!owner) return refundOwed({ reason: 'owner-deleted' });

    const holdIsLive = current.status === 'created' && current.hold_expires_at > now.toISOString();
    if (!holdIsLive) {
      // Late payment: this order's seats are no longer counted, so they must fit again.
      const taken = await countTaken(trx, event.id, now);
      // The event's people first, then the limits of its types, phases and code (late-payment-limits.ts).
      const peopleFit = taken + (current.people ?? current.quantity) <= event.total_tickets;
      const overLimit = peopleFit
        ? await lateLinesOverLimit(ctx, trx, event, current.promo_code_id ?? null, lines, now)
        : null;
      if (!peopleFit || overLimit !== null) {
        return refundOwed({ taken, total: event.total_tickets, ...(overLimit ? { overLimit } : {}) });
      }
    }

    if (!(await markOrderPaid(trx, current.id, current.status, payment.id, now))) {
      throw new Error(`order ${current.id} changed under its lock`);
    }
    const holderNames = ticketHolderNames(namesOf(current), current.quantity, owner.name);
    const inserted = await insertTicketsOnce(
      trx,
      drafts.map((draft) => ({ ...draft, holder_name: holderNames[draft.seq - 1]! })),
    );
    if (inserted === 0) return { kind: 'already-issued' };
    if (inserted !== drafts.length) throw new Error(`order ${current.id}: partial ticket issuance`);
    // Queued in the issuing transaction, and only when tickets were inserted: exactly one mail per order, and
    // one job that makes the order's tax document after the commit (modules/tax-documents).
    await enqueueOutbox(trx, 'tickets-confirmation', { orderId: current.id }, now);
    await enqueueOutbox(trx, 'tax-document', { orderId: current.id }, now);
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'order.paid',
        entity: 'order',
        entityId: current.id,
        data: { source, paymentId: payment.id, tickets: inserted, late: !holdIsLive },
      },
      now,
    );
    if (delivery) await recordPaymentEvent(trx, delivery);
    return { kind: 'issued' };
  });

  if (decision.kind === 'issued') prepareQrDataUrls(drafts.map((draft) => draft.qr_token));
  switch (decision.kind) {
    case 'issued':
    case 'already-issued':
      return { outcome: decision.kind };
    case 'refund-owed':
    case 'already-refunded': {
      const refunded = (await findOrderById(ctx.db, order.id))!;
      const refundSent = refunded.razorpay_refund_id !== null || (await refundLatePayment(ctx, refunded));
      return { outcome: 'refunded', order: refunded, refundSent };
    }
    case 'duplicate-payment':
      await refundDuplicatePayment(ctx, order, payment);
      if (decision.status === 'refunded') {
        const refunded = (await findOrderById(ctx.db, order.id))!;
        return { outcome: 'refunded', order: refunded, refundSent: refunded.razorpay_refund_id !== null };
      }
      return { outcome: 'already-issued' };
  }
}

// How long a hold must still run for its payment to be issued without the event lock (PostgreSQL).
const LOCK_FREE_MARGIN_MS = 60_000;

/**
 * Issuing a live hold without the event lock (PostgreSQL; SQLite runs one transaction at a time and has no round
 * trips to save). The INVENTORY INVARIANT (service.ts) is "sold + live holds <= total": paying a live
 * hold moves its seats from one term to the other in one commit, so a hold placed meanwhile (under the lock, its
 * figures read from one snapshot) sees either both terms before or both after, never a seat counted twice or
 * not at all. The one case that needs the lock is a hold that runs out between our judgement and our commit: a
 * checkout judging after the expiry would not count it, nor yet see our tickets. So the lock is skipped only for
 * a hold with a minute still to run at the statement's own clock reading, and the statement commits right away;
 * anything closer to its end (or expired, or with its owner deleted) takes the locked path of a late payment.
 * The lock-free statement takes no event lock at all: the tickets' foreign key only key-shares the event row,
 * which holds' `for no key update` does not block (stores/events.ts lockEvent).
 */
function mayIssueWithoutEventLock(ctx: AppContext, order: OrderRow, now: Date): boolean {
  return (
    isPostgres(ctx.db) &&
    order.status === 'created' &&
    order.hold_expires_at > new Date(now.getTime() + LOCK_FREE_MARGIN_MS).toISOString()
  );
}

/** The tickets, when this statement paid the order and issued them; none: it was no live hold to pay. */
async function issueWithoutEventLock(
  ctx: AppContext,
  order: OrderRow,
  payment: CapturedPayment,
  source: FulfilSource,
  drafts: TicketRow[],
  now: Date,
  delivery: PaymentEventsTable | undefined,
): Promise<TicketView[]> {
  // '' where the ticket carries its owner's name: the statement fills in the name from the owner's row.
  const givenNames = ticketHolderNames(namesOf(order), order.quantity, '');
  const audit = auditRow(
    {
      actorUserId: null,
      action: 'order.paid',
      entity: 'order',
      entityId: order.id,
      data: { source, paymentId: payment.id, tickets: drafts.length, late: false },
    },
    now,
  );
  return issueLiveHold(ctx.db, {
    orderId: order.id,
    paymentId: payment.id,
    amountPaise: payment.amount,
    now: now.toISOString(),
    liveUntil: new Date(ctx.now().getTime() + LOCK_FREE_MARGIN_MS).toISOString(),
    tickets: drafts.map((draft) => ({
      id: draft.id,
      ticketCode: draft.ticket_code,
      seq: draft.seq,
      givenName: givenNames[draft.seq - 1]!,
      qrToken: draft.qr_token,
      ticketTypeId: draft.ticket_type_id ?? null,
      phaseId: draft.phase_id ?? null,
      promoCodeId: draft.promo_code_id ?? null,
      admits: draft.admits ?? 1,
      pricePaise: draft.price_paise,
      discountPaise: draft.discount_paise ?? 0,
    })),
    // Exactly one mail per order: queued only by the statement that issued the tickets.
    outbox: {
      id: randomUUID(),
      kind: 'tickets-confirmation',
      payload: JSON.stringify({ orderId: order.id }),
    },
    document: { id: randomUUID(), payload: JSON.stringify({ orderId: order.id }) },
    audit,
    delivery: delivery ?? null,
  });
}

/**
 * The order's tickets, signed, each still without its holder's name (filled in under the lock), each at the type,
 * phase, price and discount its hold was quoted (the order's lines, never priced again). An order without lines (a
 * waitlist offer's hold) issues its quantity at its price per ticket, of the event's default type.
 */
function draftTickets(
  order: OrderRow,
  lines: OrderLineRow[],
  signingKey: EventSigningKey,
  now: Date,
): TicketRow[] {
  const stamp = now.toISOString();
  const prices = ticketsOfOrder(order, lines);
  const tickets: TicketRow[] = [];
  for (let seq = 1; seq <= order.quantity; seq++) {
    const id = randomUUID();
    const price = prices[seq - 1];
    tickets.push(
      paidTicketRow(
        {
          id,
          qr_token: signingKey.sign(id),
          order_id: order.id,
          seq,
          event_id: order.event_id,
          user_id: order.user_id,
          holder_name: '',
          price_paise: price?.pricePaise ?? order.price_per_ticket_paise,
          ticket_type_id: price?.ticketTypeId ?? null,
          phase_id: price?.phaseId ?? null,
          promo_code_id: price?.usesCode ? order.promo_code_id : null,
          admits: price?.admits ?? 1,
          discount_paise: price?.discountPaise ?? 0,
        },
        stamp,
      ),
    );
  }
  return tickets;
}

/** Each ticket of the order from its lines, in line order (seq 1..n). */
function ticketsOfOrder(order: OrderRow, lines: OrderLineRow[]): TicketPrice[] {
  if (lines.length === 0) return [];
  const priced = [...lines]
    .sort((a, b) => a.line_no - b.line_no)
    .map((line) => ({
      ticketTypeId: line.ticket_type_id,
      phaseId: line.phase_id,
      phaseLabel: null,
      quantity: Number(line.quantity),
      admits: Number(line.admits),
      unitPricePaise: Number(line.unit_price_paise),
      group: Boolean(line.group_price),
      discountPerTicketPaise: Number(line.discount_per_ticket_paise),
      codeUses: Number(line.code_uses),
    }));
  const tickets = ticketsOfLines(priced);
  if (tickets.length !== order.quantity)
    throw new Error(`order ${order.id}: its lines do not add up to its tickets`);
  return tickets;
}

/** The names the buyer gave at checkout (migration 0019); a row that cannot be read names nobody. */
function namesOf(order: OrderRow): string[] {
  if (!order.ticket_names) return [];
  try {
    const names: unknown = JSON.parse(order.ticket_names);
    return Array.isArray(names) ? names.map((name) => (typeof name === 'string' ? name : '')) : [];
  } catch {
    return [];
  }
}
