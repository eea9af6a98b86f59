import type { Organiser } from '@utsav/domain/organiser';
import type { TicketTypeShown } from './ticket-type-label';

// Inputs shared by the document builders (PDF, .ics) and the email templates. Plain data, so an outbox
// row can carry it as JSON and a worker can rebuild the documents when it sends.

/**
 * Who issues the documents and how guests reach them: from the organiser profile, read when the document is
 * made. Null before the profile is filled in; documents then name no one and give no contact.
 */
export type OrganiserContact = Pick<
  Organiser,
  'name' | 'supportEmail' | 'supportPhone' | 'supportHours'
> | null;

/** The event as the documents show it. Dates and times are IST wall-clock values, as stored. */
export interface EventDetails {
  name: string;
  /** YYYY-MM-DD, the event's calendar day in Asia/Kolkata. */
  date: string;
  /** HH:MM (24 h), Asia/Kolkata. */
  startTime: string;
  /** HH:MM (24 h), Asia/Kolkata; earlier than startTime means the night runs past midnight. */
  endTime: string;
  venue: string;
  description?: string | undefined;
}

export type TicketStatus = 'active' | 'used' | 'cancelled';

export interface TicketDocument {
  id: string;
  /** UT-XXXXXXXXXX: the one reference printed everywhere, and typed at the gate when a QR will not scan. */
  code: string;
  /** Its place in the batch it was issued in ("Ticket 2 of 3"), when rendered on its own. */
  position?: { index: number; count: number } | undefined;
  /** The signed QR token, exactly the text the gate scanner must read. */
  qrToken: string;
  /** Rupees (the API's unit), e.g. 299 or 249.5. */
  price: number;
  status?: TicketStatus | undefined;
  /** A per-ticket name (manual issuance names each ticket); falls back to the order's holder. */
  holderName?: string | undefined;
  /** The type it was sold as ("Couple pass · admits 2" in the reader's language); absent on a ticket of no type. */
  ticketType?: TicketTypeShown | undefined;
}
