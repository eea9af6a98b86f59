import { isLanguage } from '@utsav/domain/languages';
import type { TicketTypeShown } from '../../platform/documents/ticket-type-label';
import type { EventDetails, TicketDocument } from '../../platform/documents/types';
import type { Recipient } from '../../platform/mail/message';
import type { TicketView } from '../../stores/tickets';

// A ticket as the mails and PDFs show it (purchase confirmation, manual issuance, reminders, transfers), and its
// owner as a mail's recipient.

export function eventDetailsOf(ticket: TicketView): EventDetails {
  return {
    name: ticket.event_name,
    date: ticket.event_date,
    startTime: ticket.event_start_time,
    endTime: ticket.event_end_time,
    venue: ticket.event_venue,
  };
}

export function ticketDocumentOf(ticket: TicketView): TicketDocument {
  return {
    id: ticket.id,
    code: ticket.ticket_code,
    qrToken: ticket.qr_token,
    price: ticket.price_paise / 100,
    status: ticket.status,
    holderName: ticket.holder_name,
    ticketType: ticketTypeOf(ticket),
  };
}

/** The type a ticket was sold as, for the documents to name in their reader's language. */
export function ticketTypeOf(ticket: TicketView): TicketTypeShown | undefined {
  if (!ticket.ticket_type_id || ticket.type_name == null) return undefined;
  return {
    name: ticket.type_name,
    nameHi: ticket.type_name_hi,
    nameGu: ticket.type_name_gu,
    admits: Number(ticket.admits ?? 1),
  };
}

/** The ticket owner as an email recipient, in the language they use the app in. */
export function ownerOf(
  ticket: Pick<TicketView, 'owner_name' | 'owner_email' | 'owner_language'>,
): Recipient {
  const language = isLanguage(ticket.owner_language) ? ticket.owner_language : undefined;
  return { name: ticket.owner_name, email: ticket.owner_email, language };
}
