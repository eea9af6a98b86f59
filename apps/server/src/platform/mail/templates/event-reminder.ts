import { formatTime } from '@utsav/domain/time';
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
import { type EmailTicket, textTicketList, ticketAttachments, ticketList } from './ticket-confirmation';
import { textWalletSection, type WalletLinks, walletSection } from './wallet-links';

function ticketCount(n: number): string {
  return n === 1 ? '1 ticket' : `${n} tickets`;
}

export interface EventReminderInput {
  to: Recipient;
  event: EventDetails;
  tickets: EmailTicket[];
  /** HH:MM, IST. */
  gatesOpen: string;
  mapUrl: string;
  ticketsUrl: string;
  /** The person's active tickets, one page each. */
  pdf: Uint8Array;
  wallet?: WalletLinks[] | undefined;
  /** Names the attached PDF. */
  reference: string;
}

/** The day-before reminder: when the gates open, where, and the tickets again (PDF and wallet links). */
export function eventReminderEmail(input: EventReminderInput): MailMessage {
  const { event, tickets } = input;
  const when = eventWhen(event);
  const count = ticketCount(tickets.length);
  const gates = formatTime(input.gatesOpen);
  const subject = subjectLine(`Reminder: ${event.name} on ${when.date}, gates open at ${gates}`);
  const rows: DetailRow[] = [
    ['Event', event.name],
    ['Date', when.date],
    ['Gates open', gates],
    ['Time', when.time],
    ['Venue', event.venue],
    ['Your tickets', String(tickets.length)],
  ];
  const intro = `${event.name} is almost here! Gates open at ${gates}. Your ${count} ${tickets.length === 1 ? 'is' : 'are'} attached again as a PDF, in case you need them offline.`;
  const tips = [
    'Show each ticket’s QR code at the gate, on your phone or printed. Each QR admits one person, once.',
    'Turn your screen brightness up at the gate, and keep your phone charged.',
    'Come early: the queue is shortest just after the gates open.',
  ];
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: `Gates open at ${gates} on ${when.date} at ${event.venue}.`,
      heading: `See you at ${event.name}!`,
      body: html`${paragraph(`Hi ${greetingName(input.to)},`)}
${paragraph(intro)}
${detailsTable(rows)}
${button(input.mapUrl, 'Open the venue in Maps')}
${ticketList(tickets)}
${walletSection(input.wallet)}
${button(input.ticketsUrl, 'View My Tickets')}
${list(tips)}`,
    }),
    text: textBody([
      `Hi ${greetingName(input.to)},`,
      intro,
      textDetails(rows),
      `Venue on the map: ${input.mapUrl}`,
      textTicketList(tickets),
      textWalletSection(input.wallet),
      `View your tickets: ${input.ticketsUrl}`,
      tips.map((tip) => `- ${tip}`).join('\n'),
    ]),
    attachments: ticketAttachments({ event, orderRef: input.reference, pdf: input.pdf }),
  };
}
