import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import type { AskedQuestion } from '@utsav/domain/checkout-questions';
import type { ConvenienceFeeView } from '@utsav/domain/convenience-fee';

// The shapes the purchase dialog shares with the pages that open it (landing, guest dashboard) and with its
// own step components and payment hook.

export interface PurchaseEvent {
  id: string;
  name: string;
  date: string | null;
  startTime: string;
  endTime: string;
  venue: string;
  ticketPrice: number;
  groupPrice4: number | null;
  availableTickets: number | null;
  /** ISO instant ticket sales open; absent or null: open now. */
  salesOpenAt?: string | null;
  /** The ticket types a guest may choose (GET /event); absent from a server without types. */
  ticketTypes?: PublicTicketType[] | undefined;
  /** What the organiser asks at checkout (GET /event), in the guest's language. */
  checkoutQuestions?: AskedQuestion[] | undefined;
  /** The organiser is registered for GST (GET /event): the dialog offers a business its GST invoice. */
  gstRegistered?: boolean | undefined;
  /** The organiser's convenience fee per paid ticket (GET /event); null or absent: none. */
  convenienceFee?: ConvenienceFeeView | null | undefined;
}

export interface Buyer {
  name: string;
  email: string;
}

export interface PurchaseResult {
  count: number;
  orderId: string | null;
}

/**
 * select → (signin, when signed out) → confirm → paying (the provider's window) → verifying → done.
 * 'unverified' is where a payment whose confirmation failed ends, with the order reference for support.
 */
export type Step = 'select' | 'signin' | 'confirm' | 'waiting' | 'paying' | 'verifying' | 'unverified';

export type Notice = { tone: 'info' | 'error'; text: string };

/** What the dialog hands the waiting room's screen (the waiting-room feature, composed in by the page). */
export interface WaitingRoomSlot {
  /** The guest's turn came: the pass to send with the checkout. */
  onAdmitted: (pass: string) => void;
  /** The line says every ticket is gone. */
  onSoldOut: () => void;
}
