import { CANCELLATION_DEDUCTION_PER_TICKET, CANCELLATION_MIN_DAYS } from '@utsav/domain/constants';
import { ICS_CONTENT_TYPE } from '../../documents/ics';
import { shortTicketId } from '../../documents/ticket-pdf';
import type { EventDetails } from '../../documents/types';
import { safeFileName } from '../../documents/zip';
import type { MailAttachment, MailMessage, Recipient } from '../message';
import { html, type SafeHtml, subjectLine } from './html';
import {
  button,
  type DetailRow,
  detailsTable,
  emailLayout,
  eventWhen,
  greetingName,
  list,
  money,
  paragraph,
  textBody,
  textDetails,
} from './layout';
import { textWalletSection, type WalletLinks, walletSection } from './wallet-links';

export interface EmailTicket {
  id: string;
  /** Rupees. */
  price: number;
  holderName?: string | undefined;
}

export interface TicketConfirmationInput {
  to: Recipient;
  event: EventDetails;
  tickets: EmailTicket[];
  /** Rupees actually charged for the order. */
  totalPaid: number;
  orderRef: string;
  /** renderTicketsPdf output for the order. */
  pdf: Uint8Array;
  /** buildEventIcs output. */
  ics: string | Uint8Array;
  /** Where "View My Tickets" leads (the guest dashboard). */
  ticketsUrl: string;
  /** Per-ticket wallet links; the section is left out without them. */
  wallet?: WalletLinks[] | undefined;
}

export function ticketConfirmationEmail(input: TicketConfirmationInput): MailMessage {
  const { event, tickets } = input;
  const when = eventWhen(event);
  const count = ticketCount(tickets.length);
  const subject = subjectLine(`Your tickets for ${event.name}`);
  const rows: DetailRow[] = [
    ['Event', event.name],
    ['Date', when.date],
    ['Time', when.time],
    ['Venue', event.venue],
    ['Tickets', String(tickets.length)],
    ['Total paid', money(input.totalPaid)],
    ['Order', input.orderRef],
  ];
  const policy = `You can cancel a ticket from My Tickets up to ${CANCELLATION_MIN_DAYS} days before the event; the refund is the ticket price less ${money(CANCELLATION_DEDUCTION_PER_TICKET)} per ticket.`;

  const body = html`${paragraph(`Hi ${greetingName(input.to)},`)}
${paragraph(`You're going to ${event.name}! Your payment went through and your ${count} ${tickets.length === 1 ? 'is' : 'are'} attached as a PDF, one page per ticket with its QR code.`)}
${detailsTable(rows)}
${ticketList(tickets)}
${walletSection(input.wallet)}
${button(input.ticketsUrl, 'View My Tickets')}
${list([
  'Show each ticket’s QR code at the gate, on your phone or printed. Each QR admits one person, once.',
  'Keep your QR codes to yourself: whoever shows a code first gets in with it.',
  'Add the night to your calendar with the attached invite (.ics); it reminds you a day before.',
  policy,
])}`;

  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: `${count} for ${when.date} at ${event.venue}. Show the QR code at the gate.`,
      heading: `You're in for ${event.name}!`,
      body,
    }),
    text: textBody([
      `Hi ${greetingName(input.to)},`,
      `You're going to ${event.name}! Your payment went through and your ${count} ${tickets.length === 1 ? 'is' : 'are'} attached as a PDF, one page per ticket with its QR code.`,
      textDetails(rows),
      textTicketList(tickets),
      textWalletSection(input.wallet),
      `View your tickets: ${input.ticketsUrl}`,
      [
        '- Show each ticket’s QR code at the gate, on your phone or printed. Each QR admits one person, once.',
        '- Keep your QR codes to yourself: whoever shows a code first gets in with it.',
        '- Add the night to your calendar with the attached invite (.ics); it reminds you a day before.',
        `- ${policy}`,
      ].join('\n'),
    ]),
    attachments: ticketAttachments({ event, orderRef: input.orderRef, pdf: input.pdf, ics: input.ics }),
  };
}

export function ticketCount(n: number): string {
  return n === 1 ? '1 ticket' : `${n} tickets`;
}

export function ticketList(tickets: EmailTicket[]): SafeHtml {
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:collapse;">
<tr><th align="left" style="padding:6px 4px;border-bottom:2px solid #eadfcd;font-size:12px;color:#6b625a;">Ticket</th><th align="left" style="padding:6px 4px;border-bottom:2px solid #eadfcd;font-size:12px;color:#6b625a;">Name</th><th align="right" style="padding:6px 4px;border-bottom:2px solid #eadfcd;font-size:12px;color:#6b625a;">Price</th></tr>
${tickets.map(
  (ticket) =>
    html`<tr><td style="padding:8px 4px;border-bottom:1px solid #eadfcd;font-family:Menlo,Consolas,monospace;font-size:13px;" title="${ticket.id}">${shortTicketId(ticket.id)}</td><td style="padding:8px 4px;border-bottom:1px solid #eadfcd;font-size:14px;">${ticket.holderName?.trim() || '—'}</td><td align="right" style="padding:8px 4px;border-bottom:1px solid #eadfcd;font-size:14px;">${money(ticket.price)}</td></tr>
`,
)}</table>`;
}

export function textTicketList(tickets: EmailTicket[]): string {
  return tickets
    .map((ticket, i) => {
      const name = ticket.holderName?.trim() ? `, ${ticket.holderName.trim()}` : '';
      return `${i + 1}. Ticket ${ticket.id}${name}, ${money(ticket.price)}`;
    })
    .join('\n');
}

export function ticketAttachments(input: {
  event: Pick<EventDetails, 'name'>;
  orderRef: string;
  pdf: Uint8Array;
  ics?: string | Uint8Array | undefined;
}): MailAttachment[] {
  const attachments: MailAttachment[] = [
    {
      filename: `Utsav-Tickets-${safeFileName(input.orderRef, 'order')}.pdf`,
      content: input.pdf,
      contentType: 'application/pdf',
    },
  ];
  if (input.ics !== undefined) {
    attachments.push({
      filename: `${safeFileName(input.event.name, 'Utsav')}.ics`,
      content: typeof input.ics === 'string' ? new TextEncoder().encode(input.ics) : input.ics,
      contentType: ICS_CONTENT_TYPE,
    });
  }
  return attachments;
}
