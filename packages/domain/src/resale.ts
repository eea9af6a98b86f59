import { z } from 'zod';
import { DEFAULT_RESALE_CLOSE_HOURS, DEFAULT_RESALE_FEE_PAISE } from './constants';
import { lazySchema } from './lazy-schema';
import { istInstant } from './time';

// Face-value resale: a guest who cannot come puts a ticket back on sale through us; the next person waiting for
// its type (else anyone buying that type once it is sold out) buys a brand-new ticket, and the seller's ticket is
// cancelled as "Resold" with its price back less a fee. One copy of the rules for the server (which refuses) and
// the web (which explains before anyone lists). Money in paise.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

// The defaults live in ./constants (no zod there), so the public pages that quote them stay light.
export { DEFAULT_RESALE_CLOSE_HOURS, DEFAULT_RESALE_FEE_PAISE };
/** A ticket received by transfer waits this long before it may be listed: no pass-the-parcel through us. */
export const RECEIVED_TRANSFER_WAIT_MS = HOUR_MS;
/** The reason written on a seller's ticket once its resale sold: data, in English, like every reason. */
export const RESOLD_REASON = 'Resold';

export interface ResaleSettings {
  enabled: boolean;
  feePaise: number;
  closeHoursBefore: number;
}

export const DEFAULT_RESALE_SETTINGS: ResaleSettings = {
  enabled: true,
  feePaise: DEFAULT_RESALE_FEE_PAISE,
  closeHoursBefore: DEFAULT_RESALE_CLOSE_HOURS,
};

export const RESALE_MESSAGES = {
  off: 'Resale is not open for this event.',
  used: 'This ticket has already been used at the gate, so it cannot be resold.',
  cancelled: 'This ticket is cancelled, so it cannot be resold.',
  adminIssued: 'Tickets issued by the organiser cannot be resold.',
  listed: 'This ticket is already listed for resale.',
  notListed: 'This ticket is not listed for resale.',
  justReceived:
    'A ticket received by transfer can be listed for resale one hour after it arrived. Please try again later.',
  noneAvailable: 'No resold tickets of this type are available right now.',
  closed:
    'Resale closed at {{when, istDateTime}}, {{hours}} hours before the event starts, so this ticket can no longer be listed.',
  soldUntil:
    'Resold tickets were on sale until {{when, istDateTime}}, {{hours}} hours before the event starts; that time has passed.',
  offerWithdrawn:
    'The seller withdrew the resold ticket offered to you before you paid. You keep your place in the waitlist: the next ticket that comes back is offered to you.',
  withdrawnBeforeSale:
    'The seller withdrew the resold ticket before you could buy it, so it is no longer on sale.',
} as const;

/** Why a ticket cannot be listed: the `reason` the refusal carries, so a screen can word it in its language. */
export type ResaleRefusalReason = 'used' | 'cancelled' | 'adminIssued' | 'listed' | 'justReceived';

export interface ResaleTicketFacts {
  status: string;
  issuedByAdmin: boolean;
  /** It already has a listing that is waiting for a buyer (listed or offered). */
  listed: boolean;
  /** Set on a ticket that came to its owner by transfer (the ticket it replaced). */
  transferredFromTicketId: string | null;
  /** When the ticket was written: for a received transfer, when it arrived. */
  createdAt: string;
}

/** Why this ticket may not be listed now, or null when it may (the cut-off and the switch are judged apart). */
export function resaleRefusal(ticket: ResaleTicketFacts, now: Date): ResaleRefusalReason | null {
  if (ticket.status === 'used') return 'used';
  if (ticket.status !== 'active') return 'cancelled';
  if (ticket.issuedByAdmin) return 'adminIssued';
  if (ticket.listed) return 'listed';
  if (
    ticket.transferredFromTicketId &&
    now.getTime() - Date.parse(ticket.createdAt) < RECEIVED_TRANSFER_WAIT_MS
  ) {
    return 'justReceived';
  }
  return null;
}

/** The moment listings close (and unsold ones stop being offered): `closeHoursBefore` before the start (IST). */
export function resaleClosesAt(event: { date: string; startTime: string }, closeHoursBefore: number): Date {
  return new Date(istInstant(event.date, event.startTime).getTime() - closeHoursBefore * HOUR_MS);
}

export function resaleOpen(
  event: { date: string; startTime: string },
  settings: ResaleSettings,
  now: Date,
): boolean {
  return settings.enabled && now.getTime() < resaleClosesAt(event, settings.closeHoursBefore).getTime();
}

/**
 * What the buyer pays for a resold ticket: its face value, the price its type and phase had when it was sold,
 * before any code's discount (price paid + discount). Never more than the seller's ticket was sold at, so nobody
 * profits; a promo code's discount stays with the person it was given to (docs/decisions/0715-resale-price.md).
 */
export function resalePricePaise(ticket: { pricePaise: number; discountPaise: number }): number {
  return ticket.pricePaise + Math.max(0, ticket.discountPaise);
}

export interface SellerRefund {
  /** What the seller paid for the ticket. */
  paidPaise: number;
  /** The fee kept: never more than was paid. */
  feePaise: number;
  refundPaise: number;
}

/** The seller gets back what they paid less the fee, never below ₹0 (a free ticket sells with nothing to refund). */
export function sellerRefund(paidPaise: number, feePaise: number): SellerRefund {
  const fee = Math.min(Math.max(0, feePaise), Math.max(0, paidPaise));
  return { paidPaise, feePaise: fee, refundPaise: Math.max(0, paidPaise) - fee };
}

/** The listing's life: waiting for a buyer (listed), held as someone's offer (offered), then one end. */
export const RESALE_STATUSES = ['listed', 'offered', 'sold', 'withdrawn', 'ended'] as const;
export type ResaleStatus = (typeof RESALE_STATUSES)[number];

/** Still waiting for a buyer: the ticket stays valid meanwhile. */
export function isLiveListing(status: string): boolean {
  return status === 'listed' || status === 'offered';
}

/**
 * The status a listing shows: a live listing whose ticket was admitted, cancelled or transferred meanwhile has
 * ended, whatever its row still says (the ticket's conditional update decides every race:
 * docs/decisions/0716-resale-one-seat.md); so has one still waiting for a buyer once resale closed (`closed`). One
 * held as someone's offer stays offered: that person may still pay for it.
 */
export function shownResaleStatus(
  listing: { status: string },
  ticketStatus: string,
  closed = false,
): ResaleStatus {
  const status = (RESALE_STATUSES as readonly string[]).includes(listing.status)
    ? (listing.status as ResaleStatus)
    : 'ended';
  if (isLiveListing(status) && ticketStatus !== 'active') return 'ended';
  if (status === 'listed' && closed) return 'ended';
  return status;
}

/** PUT /admin/resale-settings (rupees and hours in, paise stored). */
export const resaleSettingsSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    fee: z.number().min(0, 'The fee cannot be negative').max(100_000, 'The fee is too high'),
    closeHoursBefore: z
      .number()
      .int('Hours must be a whole number')
      .min(0, 'Hours cannot be negative')
      .max(24 * 30, 'At most 720 hours'),
  }),
);
export type ResaleSettingsInput = z.infer<typeof resaleSettingsSchema>;
