import { z } from 'zod';
import { EMAIL_PATTERN } from './auth-schemas';
import { POLICY, TRANSFER_FEE_PER_TICKET } from './constants';
import { lazySchema } from './lazy-schema';
import { hasVisibleCharacter } from './names';
import { verifyPaymentSchema } from './purchase-schema';
import { istInstant } from './time';

// Ticket transfer rules (docs/product.md#transfer; the legal pages' promise): Rs 50 per ticket, up to 24 hours before
// the event, active tickets only, never to oneself, and the recipient stays within the per-person cap.
// One copy for the server (which refuses) and the web (which explains before anyone pays).

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const TRANSFER_MESSAGES = {
  used: 'This ticket has already been used at the gate, so it cannot be transferred.',
  cancelled: 'This ticket is cancelled, so it cannot be transferred.',
  transferred: 'This ticket has already been transferred.',
  resold: 'This ticket was resold, so it cannot be transferred.',
  toSelf: 'You cannot transfer a ticket to yourself. Please enter the other person’s email address.',
  pending:
    'A transfer of this ticket is already waiting for payment. Please finish it or try again in a few minutes.',
  notCancellable:
    'A ticket received by transfer cannot be cancelled for a refund: the money would go back to the card of the person who first paid for it.',
  refundNote:
    'After a transfer the ticket cannot be cancelled for a refund: the original payment would go back to the first buyer’s card.',
  nameRequired: 'Please enter the recipient’s name.',
  emailInvalid: 'Please enter a valid email address.',
} as const;

/** Rupees for transferring `tickets` tickets. */
export function transferFee(tickets = 1): number {
  return TRANSFER_FEE_PER_TICKET * tickets;
}

/**
 * The refusals of a closed window, as templates the reader's language fills (server catalogs, msg()): the
 * time left is said in whole hours, else whole minutes (inside the window fewer than 24 hours remain), so one
 * plural form per sentence carries it. The web words the same cases from its own catalog.
 */
export const TRANSFER_CLOSED_MESSAGES = {
  hours:
    'Transfers close {{hours}} hours before the event. The event starts in {{count}} hours, so this ticket can no longer be transferred.',
  minutes:
    'Transfers close {{hours}} hours before the event. The event starts in {{count}} minutes, so this ticket can no longer be transferred.',
  underAMinute:
    'Transfers close {{hours}} hours before the event. The event starts in under a minute, so this ticket can no longer be transferred.',
  started: 'Transfers close {{hours}} hours before the event, and the event has already started.',
} as const;

/** How long until the event starts, as a refusal says it: whole hours, else whole minutes, else less. */
export type TimeLeft =
  | { unit: 'hours' | 'minutes'; count: number }
  | { unit: 'underAMinute' | 'started'; count?: undefined };

export function timeLeftUntil(leftMs: number): TimeLeft {
  if (leftMs <= 0) return { unit: 'started' };
  if (leftMs >= HOUR_MS) return { unit: 'hours', count: Math.floor(leftMs / HOUR_MS) };
  if (leftMs >= MINUTE_MS) return { unit: 'minutes', count: Math.floor(leftMs / MINUTE_MS) };
  return { unit: 'underAMinute' };
}

/** A closed window's refusal: its template and values (what the server's msg() takes). */
export interface TransferClosedMessage {
  template: (typeof TRANSFER_CLOSED_MESSAGES)[keyof typeof TRANSFER_CLOSED_MESSAGES];
  params: { hours: number } | { hours: number; count: number };
}

export type TransferWindow =
  | { open: true; closesAt: Date }
  | { open: false; closesAt: Date; timeLeft: TimeLeft; message: TransferClosedMessage };

/** Open until `transferCompleteHoursBefore` hours before the event starts (IST); the refusal says the time left. */
export function transferWindow(event: { date: string; startTime: string }, now: Date): TransferWindow {
  const startsAt = istInstant(event.date, event.startTime);
  const closesAt = new Date(startsAt.getTime() - POLICY.transferCompleteHoursBefore * HOUR_MS);
  if (now.getTime() < closesAt.getTime()) return { open: true, closesAt };
  const timeLeft = timeLeftUntil(startsAt.getTime() - now.getTime());
  const hours = POLICY.transferCompleteHoursBefore;
  const message: TransferClosedMessage = {
    template: TRANSFER_CLOSED_MESSAGES[timeLeft.unit],
    params: timeLeft.count === undefined ? { hours } : { hours, count: timeLeft.count },
  };
  return { open: false, closesAt, timeLeft, message };
}

export interface TransferTicketFacts {
  status: string;
  /** Set when the ticket was revoked by a transfer. */
  transferredAt: string | null;
  /** Set when its resale sold (the seller's ticket, cancelled "Resold"): said as such, not as "cancelled". */
  resoldAt?: string | null | undefined;
}

/** Why this ticket cannot be transferred, or null when it can (the window and recipient are judged apart). */
export function transferRefusal(ticket: TransferTicketFacts): string | null {
  if (ticket.transferredAt) return TRANSFER_MESSAGES.transferred;
  if (ticket.status === 'used') return TRANSFER_MESSAGES.used;
  if (ticket.resoldAt) return TRANSFER_MESSAGES.resold;
  if (ticket.status !== 'active') return TRANSFER_MESSAGES.cancelled;
  return null;
}

export function isSameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

const TRANSFERRED_REASON = 'Transferred to ';

/** The cancellation reason written on a ticket revoked by its transfer: data, in English, like every reason. */
export function transferredReason(recipientName: string): string {
  return `${TRANSFERRED_REASON}${recipientName}`;
}

/** The recipient named in a reason transferredReason wrote, else null: so a screen can word it in its language. */
export function transferredRecipient(reason: string | null): string | null {
  return reason?.startsWith(TRANSFERRED_REASON) ? reason.slice(TRANSFERRED_REASON.length) : null;
}

/** The recipient would go over the per-person cap with one more ticket: a template, so the server can translate it. */
export const RECIPIENT_CAP_MESSAGE =
  'The recipient already has the most tickets one person may have for this event ({{limit}}), so this ticket cannot be transferred to them.';

/** POST /tickets/{id}/transfer. */
export const transferRequestSchema = lazySchema(() =>
  z.object({
    recipientEmail: z
      .string({ error: TRANSFER_MESSAGES.emailInvalid })
      .trim()
      .max(254, TRANSFER_MESSAGES.emailInvalid)
      .regex(EMAIL_PATTERN, TRANSFER_MESSAGES.emailInvalid)
      .transform((email) => email.toLowerCase()),
    recipientName: z
      .string({ error: TRANSFER_MESSAGES.nameRequired })
      .trim()
      .min(1, TRANSFER_MESSAGES.nameRequired)
      .max(100, 'The name must be at most 100 characters.')
      .refine((name) => name === '' || hasVisibleCharacter(name), TRANSFER_MESSAGES.nameRequired),
  }),
);

export type TransferRequest = z.infer<typeof transferRequestSchema>;

/** POST /tickets/transfer/verify-payment: the three fields Razorpay's checkout hands back. */
export const transferVerifySchema = lazySchema(() =>
  verifyPaymentSchema.pick({
    razorpay_order_id: true,
    razorpay_payment_id: true,
    razorpay_signature: true,
  }),
);
