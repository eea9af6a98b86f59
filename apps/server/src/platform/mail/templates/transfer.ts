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
  paragraph,
  textBody,
  textDetails,
} from './layout';
import { ticketAttachments } from './ticket-confirmation';
import { textWalletSection, type WalletLinks, walletSection } from './wallet-links';

// The two emails of a completed transfer: the sender's receipt, and the recipient's ticket.

export interface TransferSentInput {
  to: Recipient;
  event: EventDetails;
  ticketCode: string;
  recipient: Recipient;
  /** Rupees. */
  fee: number;
  at: string;
  ticketsUrl: string;
}

export function transferSentEmail(input: TransferSentInput): MailMessage {
  const subject = subjectLine(`Your ticket for ${input.event.name} was transferred`);
  const rows: DetailRow[] = [
    ['Ticket', input.ticketCode],
    ['Transferred to', `${input.recipient.name} (${input.recipient.email})`],
    ['Transfer fee', `Rs ${input.fee}`],
    ['Event', input.event.name],
  ];
  const intro = `Your ticket ${input.ticketCode} now belongs to ${input.recipient.name}, who has been sent a new ticket with a new QR code. Your old QR code no longer admits anyone at the gate.`;
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: `Ticket ${input.ticketCode} now belongs to ${input.recipient.name}.`,
      heading: 'Ticket transferred',
      body: html`${paragraph(`Hi ${greetingName(input.to)},`)}
${paragraph(intro)}
${detailsTable(rows)}
${button(input.ticketsUrl, 'View My Tickets')}`,
    }),
    text: textBody([
      `Hi ${greetingName(input.to)},`,
      intro,
      textDetails(rows),
      `View your tickets: ${input.ticketsUrl}`,
    ]),
    attachments: [],
  };
}

export interface TransferReceivedInput {
  to: Recipient;
  event: EventDetails;
  sender: Recipient;
  ticketCode: string;
  pdf: Uint8Array;
  wallet?: WalletLinks[] | undefined;
  ticketsUrl: string;
}

export function transferReceivedEmail(input: TransferReceivedInput): MailMessage {
  const when = eventWhen(input.event);
  const subject = subjectLine(`${input.sender.name} sent you a ticket for ${input.event.name}`);
  const rows: DetailRow[] = [
    ['Event', input.event.name],
    ['Date', when.date],
    ['Time', when.time],
    ['Venue', input.event.venue],
    ['Ticket', input.ticketCode],
    ['From', input.sender.name],
  ];
  const intro = `${input.sender.name} has transferred a ticket for ${input.event.name} to you. It is attached as a PDF with its QR code, and it is in My Tickets when you sign in with this email address.`;
  const notes = [
    'Show the QR code at the gate, on your phone or printed. It admits one person, once.',
    'A ticket received by transfer cannot be cancelled for a refund.',
  ];
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: `A ticket for ${when.date} at ${input.event.venue}.`,
      heading: `You have a ticket for ${input.event.name}`,
      body: html`${paragraph(`Hi ${greetingName(input.to)},`)}
${paragraph(intro)}
${detailsTable(rows)}
${walletSection(input.wallet)}
${button(input.ticketsUrl, 'View My Tickets')}
${list(notes)}`,
    }),
    text: textBody([
      `Hi ${greetingName(input.to)},`,
      intro,
      textDetails(rows),
      textWalletSection(input.wallet),
      `View your tickets: ${input.ticketsUrl}`,
      notes.map((note) => `- ${note}`).join('\n'),
    ]),
    attachments: ticketAttachments({ event: input.event, orderRef: input.ticketCode, pdf: input.pdf }),
  };
}
