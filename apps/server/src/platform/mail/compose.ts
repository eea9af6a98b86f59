import { buildEventIcs } from '../documents/ics';
import { renderTicketsPdf } from '../documents/render';
import type { EventDetails, TicketDocument } from '../documents/types';
import type { MailMessage, Recipient } from './message';
import type { FromOrganiser } from './templates/layout';
import { manualIssuanceEmail } from './templates/manual-issuance';
import { ticketConfirmationEmail } from './templates/ticket-confirmation';
import type { WalletLinks } from './templates/wallet-links';

// What an outbox worker calls: plain JSON-able input in (what the outbox row stores), a complete message
// with its PDF and calendar invite out. The documents are rendered at send time, never in the request
// that sold the tickets.

interface TicketsMailBase extends FromOrganiser {
  to: Recipient;
  event: EventDetails;
  tickets: TicketDocument[];
  /** Guest dashboard URL (the "View My Tickets" button and the .ics URL). */
  ticketsUrl: string;
  /** "Add to Apple Wallet" / "Save to Google Wallet" per ticket. */
  wallet?: WalletLinks[] | undefined;
}

export interface ComposeTicketConfirmationInput extends TicketsMailBase {
  totalPaid: number;
  orderRef: string;
  /** The order's tax document without a sign-in (the "Download invoice" link); absent for a ₹0 order. */
  invoiceUrl?: string | undefined;
}

export async function composeTicketConfirmation(input: ComposeTicketConfirmationInput): Promise<MailMessage> {
  const pdf = await renderTicketsPdf({
    event: input.event,
    holderName: input.to.name,
    tickets: input.tickets,
    orderRef: input.orderRef,
    language: input.to.language,
    organiser: input.organiser,
  });
  const ics = buildEventIcs({
    uid: `${input.orderRef}@utsav`,
    event: input.event,
    url: input.ticketsUrl,
    organiser: input.organiser,
    language: input.to.language,
    ticketTypes: input.tickets.map((ticket) => ticket.ticketType),
  });
  return ticketConfirmationEmail({ ...input, pdf, ics });
}

export interface ComposeManualIssuanceInput extends TicketsMailBase {
  totalAmount: number;
  paymentDone: boolean;
  issuanceRef: string;
}

export async function composeManualIssuance(input: ComposeManualIssuanceInput): Promise<MailMessage> {
  const pdf = await renderTicketsPdf({
    event: input.event,
    holderName: input.to.name,
    tickets: input.tickets,
    orderRef: input.issuanceRef,
    language: input.to.language,
    organiser: input.organiser,
  });
  const ics = buildEventIcs({
    uid: `${input.issuanceRef}@utsav`,
    event: input.event,
    url: input.ticketsUrl,
    organiser: input.organiser,
    language: input.to.language,
    ticketTypes: input.tickets.map((ticket) => ticket.ticketType),
  });
  return manualIssuanceEmail({ ...input, pdf, ics });
}
