import type { EventDetails } from '../../documents/types';
import type { MailMessage, Recipient } from '../message';
import { html, subjectLine } from './html';
import {
  button,
  type DetailRow,
  detailsTable,
  emailLayout,
  eventWhen,
  greetingName,
  list,
  money,
  notice,
  paragraph,
  textBody,
  textDetails,
} from './layout';
import {
  type EmailTicket,
  textTicketList,
  ticketAttachments,
  ticketCount,
  ticketList,
} from './ticket-confirmation';
import { textWalletSection, type WalletLinks, walletSection } from './wallet-links';

export interface ManualIssuanceInput {
  to: Recipient;
  event: EventDetails;
  tickets: EmailTicket[];
  /** Rupees for all the tickets. */
  totalAmount: number;
  /** Received by the organiser (cash/UPI), or still to be paid. */
  paymentDone: boolean;
  /** Shown as the order reference on the tickets and in the attachment's name. */
  issuanceRef: string;
  pdf: Uint8Array;
  ics?: string | Uint8Array | undefined;
  ticketsUrl: string;
  /** Per-ticket wallet links; the section is left out without them. */
  wallet?: WalletLinks[] | undefined;
}

/** Tickets the organiser issued by hand (cash, UPI to the organiser, guests of the house). */
export function manualIssuanceEmail(input: ManualIssuanceInput): MailMessage {
  const { event, tickets } = input;
  const when = eventWhen(event);
  const count = ticketCount(tickets.length);
  const subject = subjectLine(`Your tickets for ${event.name}`);
  const payment = input.paymentDone
    ? `Received (${money(input.totalAmount)}), thank you`
    : `Pending (${money(input.totalAmount)})`;
  const rows: DetailRow[] = [
    ['Event', event.name],
    ['Date', when.date],
    ['Time', when.time],
    ['Venue', event.venue],
    ['Tickets', String(tickets.length)],
    ['Payment', payment],
    ['Reference', input.issuanceRef],
  ];
  const intro = `The organiser of ${event.name} has issued ${count} in your name. ${tickets.length === 1 ? 'It is' : 'They are'} attached as a PDF, one page per ticket with its QR code, and also in My Tickets when you sign in with this email address.`;
  const pendingNote =
    !input.paymentDone &&
    `Payment of ${money(input.totalAmount)} is still pending. Please settle it with the organiser before the event.`;
  const notes = [
    'Show each ticket’s QR code at the gate, on your phone or printed. Each QR admits one person, once.',
    'Tickets issued by the organiser cannot be cancelled online; for any change, write to us.',
  ];
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: `${count} for ${when.date} at ${event.venue}.`,
      heading: `Your tickets for ${event.name}`,
      body: html`${paragraph(`Hi ${greetingName(input.to)},`)}
${paragraph(intro)}
${pendingNote ? notice(pendingNote) : ''}
${detailsTable(rows)}
${ticketList(tickets)}
${walletSection(input.wallet)}
${button(input.ticketsUrl, 'View My Tickets')}
${list(notes)}`,
    }),
    text: textBody([
      `Hi ${greetingName(input.to)},`,
      intro,
      pendingNote,
      textDetails(rows),
      textTicketList(tickets),
      textWalletSection(input.wallet),
      `View your tickets: ${input.ticketsUrl}`,
      notes.map((note) => `- ${note}`).join('\n'),
    ]),
    attachments: ticketAttachments({ event, orderRef: input.issuanceRef, pdf: input.pdf, ics: input.ics }),
  };
}
