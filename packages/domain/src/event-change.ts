import { z } from 'zod';
import { CANCELLATION_MIN_DAYS } from './constants';
import { type EventStanding, type EventStatus, freeRefundOpen } from './event-standing';
import { lazySchema } from './lazy-schema';
import { daysUntilEvent, fullRefundQuote, type RefundQuote, refundQuote } from './refunds';

// When plans change: the night postponed (or moved) or called off. The event's status, what a call-off refunds,
// when a postponement lets holders give their tickets back in full, and how a large call-off is confirmed.

export { EVENT_STATUSES, type EventStanding, type EventStatus, freeRefundOpen } from './event-standing';

/** How long after a postponement a holder may give a ticket back in full (the organiser may choose). */
export const FREE_REFUND_DAYS_DEFAULT = 14;
export const FREE_REFUND_DAYS_MAX = 90;

/** Above this (₹1,00,000, in paise) a call-off also needs the code emailed to the admin who asks. */
export const CALL_OFF_CODE_THRESHOLD_PAISE = 1_00_000 * 100;
/** How long an emailed confirmation code stays good. */
export const CALL_OFF_CODE_MINUTES = 30;

/** A call-off refund Razorpay failed is retried by the job up to this many attempts in all; then an admin retries. */
export const CALL_OFF_REFUND_ATTEMPTS = 5;

/** The reason every call-off refund carries (the guest's refund list and the audit show it). */
export const CALL_OFF_REASON = 'The organiser called off the night';

export const EVENT_CHANGE_MESSAGES = {
  calledOff: 'This night has been called off',
  calledOffSales: 'This night has been called off. Tickets are no longer on sale.',
  nameMismatch: 'Type the event’s name exactly to confirm',
  codeRequired: 'Enter the confirmation code we emailed you',
  codeWrong: 'The confirmation code is wrong or has expired',
  alreadyCalledOff: 'This night has already been called off',
  notCalledOff: 'This night has not been called off: there are no call-off refunds to retry',
  noEvent: 'There is no event to change',
} as const;

const DAY_MS = 86_400_000;

/** A ticket as a call-off sees it: what was paid for it, and whether its order's payment can be refunded. */
export interface CallOffTicket {
  /** The order that paid for it: its own, or for a ticket received by transfer the order of the ticket it came from. */
  orderId: string | null;
  pricePaise: number;
  status: string;
  /** The order is paid and has a Razorpay payment to refund against. */
  orderPaid: boolean;
}

export interface CallOffOrderPlan {
  orderId: string;
  tickets: number;
  amountPaise: number;
}

export interface CallOffPlan {
  orders: CallOffOrderPlan[];
  tickets: number;
  refundTotalPaise: number;
}

/**
 * What a call-off refunds: every active ticket bought in a paid order, in full (no ₹20 deduction), one refund
 * per ticket grouped per order. Free tickets (₹0), admin-issued ones (no order), and tickets already cancelled
 * (their own refund exists) or used are not refunded again.
 */
export function callOffPlan(tickets: readonly CallOffTicket[]): CallOffPlan {
  const byOrder = new Map<string, CallOffOrderPlan>();
  for (const ticket of tickets) {
    if (!ticket.orderId || !ticket.orderPaid || ticket.status !== 'active' || ticket.pricePaise <= 0)
      continue;
    const plan = byOrder.get(ticket.orderId) ?? { orderId: ticket.orderId, tickets: 0, amountPaise: 0 };
    plan.tickets += 1;
    plan.amountPaise += ticket.pricePaise;
    byOrder.set(ticket.orderId, plan);
  }
  const orders = [...byOrder.values()].sort((a, b) => (a.orderId < b.orderId ? -1 : 1));
  return {
    orders,
    tickets: orders.reduce((sum, order) => sum + order.tickets, 0),
    refundTotalPaise: orders.reduce((sum, order) => sum + order.amountPaise, 0),
  };
}

/** More than ₹1,00,000 to refund: the admin must also type the code emailed to them. */
export function needsConfirmationCode(refundTotalPaise: number): boolean {
  return refundTotalPaise > CALL_OFF_CODE_THRESHOLD_PAISE;
}

/** The admin confirms by typing the event's name: spaces around and case do not matter, anything else does. */
export function confirmsEventName(typed: string, eventName: string): boolean {
  const fold = (value: string) =>
    value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-IN');
  return typed.trim().length > 0 && fold(typed) === fold(eventName);
}

/** The end of the free-refund period that a postponement made at `at` opens. */
export function freeRefundUntil(at: Date, days: number = FREE_REFUND_DAYS_DEFAULT): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

export type CancellationTerms =
  | { open: true; daysRemaining: number; fullRefund: boolean }
  | { open: false; daysRemaining: number; reason: 'too-late' | 'called-off' };

/**
 * May a holder cancel now, and is the refund full? Called off: never (the call-off refunds every ticket itself).
 * In the free-refund period after a postponement: yes and in full, regardless of the 10-day rule. Otherwise the
 * usual rule: at least 10 days before the night, less ₹20 per ticket.
 */
export function cancellationTerms(eventDate: string, event: EventStanding, now: Date): CancellationTerms {
  const daysRemaining = daysUntilEvent(eventDate, now);
  if (event.status === 'called-off') return { open: false, daysRemaining, reason: 'called-off' };
  if (freeRefundOpen(event, now)) return { open: true, daysRemaining, fullRefund: true };
  if (daysRemaining >= CANCELLATION_MIN_DAYS) return { open: true, daysRemaining, fullRefund: false };
  return { open: false, daysRemaining, reason: 'too-late' };
}

/**
 * What a holder's cancellation gives back under `terms`: the whole price in the free-refund period after a
 * postponement, otherwise the usual price − ₹20 per ticket. The cancel dialog's promise and the server's refund.
 */
export function cancellationQuote(ticketPrices: readonly number[], terms: CancellationTerms): RefundQuote {
  return terms.open && terms.fullRefund ? fullRefundQuote(ticketPrices) : refundQuote(ticketPrices);
}

/** Progress of a call-off's refunds, per order: done once every refund of it is processed. */
export type CallOffOrderState = 'done' | 'pending' | 'failed';

/** An order's state from its call-off refunds' statuses: any failed one lists it as failed until retried. */
export function callOffOrderState(refundStatuses: readonly string[]): CallOffOrderState {
  if (refundStatuses.some((status) => status === 'failed')) return 'failed';
  if (refundStatuses.length > 0 && refundStatuses.every((status) => status === 'processed')) return 'done';
  return 'pending';
}

// ---- request and response shapes (POST/GET /api/admin/event/change)

const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD'));
const clock = lazySchema(() => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM'));

export const postponeRequestSchema = lazySchema(() =>
  z.object({
    kind: z.literal('postpone'),
    date: isoDate,
    startTime: clock,
    endTime: clock,
    venue: z.string().trim().min(1, 'Venue is required').max(200).optional(),
    freeRefundDays: z.number().int().min(0).max(FREE_REFUND_DAYS_MAX).optional(),
  }),
);

export const callOffDryRunSchema = lazySchema(() =>
  z.object({ kind: z.literal('call-off'), dryRun: z.literal(true) }),
);

export const callOffConfirmSchema = lazySchema(() =>
  z.object({
    kind: z.literal('call-off'),
    dryRun: z.literal(false).optional(),
    confirm: z.string().min(1, EVENT_CHANGE_MESSAGES.nameMismatch).max(300),
    code: z.string().trim().max(20).optional(),
  }),
);

export const eventChangeRequestSchema = lazySchema(() =>
  z.union([postponeRequestSchema, callOffDryRunSchema, callOffConfirmSchema]),
);
export type EventChangeRequest = z.infer<typeof eventChangeRequestSchema>;

/** The dry run: what a call-off would do, and whether the emailed code will be asked for. */
export interface CallOffDryRun {
  orders: number;
  tickets: number;
  /** Rupees. */
  refundTotal: number;
  /** One Razorpay refund per refunded ticket. */
  razorpayCalls: number;
  codeRequired: boolean;
}

export interface EventChangeProgress {
  kind: 'postpone' | 'call-off' | null;
  status: EventStatus;
  done: number;
  pending: number;
  failed: number;
  /** Rupees refunded so far (processed at Razorpay). */
  refundedTotal: number;
  /** Rupees still on their way, and stuck on a failure. */
  pendingTotal: number;
  failedTotal: number;
  /** Orders whose refund failed, for the admin to look into. */
  failedOrders: Array<{ orderId: string; amount: number; error: string | null }>;
}
