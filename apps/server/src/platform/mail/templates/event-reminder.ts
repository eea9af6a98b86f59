import { INTL_LOCALES } from '@utsav/domain/languages';
import { formatClockTime } from '@utsav/domain/time';
import type { EventDetails } from '../../documents/types';
import { translator } from '../../i18n/messages';
import type { MailMessage, Recipient } from '../message';
import { html, subjectLine } from './html';
import {
  button,
  type DetailRow,
  detailsTable,
  emailLayout,
  eventWhen,
  type FromOrganiser,
  greeting,
  languageOf,
  list,
  paragraph,
  textBody,
  textDetails,
} from './layout';
import { type EmailTicket, textTicketList, ticketAttachments, ticketList } from './ticket-confirmation';
import { textWalletSection, type WalletLinks, walletSection } from './wallet-links';

export interface EventReminderInput extends FromOrganiser {
  to: Recipient;
  event: EventDetails;
  tickets: EmailTicket[];
  /** HH:MM, IST. */
  gatesOpen: string;
  mapUrl: string;
  ticketsUrl: string;
  /** The person's active tickets, one page each, in their language. */
  pdf: Uint8Array;
  wallet?: WalletLinks[] | undefined;
  /** Names the attached PDF. */
  reference: string;
}

/**
 * The day-before reminder: when the gates open, where, and the tickets again (PDF and wallet links), in the
 * language the holder uses the app in.
 */
export function eventReminderEmail(input: EventReminderInput): MailMessage {
  const { event, tickets } = input;
  const language = languageOf(input.to);
  const t = translator(language);
  const when = eventWhen(event, language);
  const count = tickets.length;
  const gates = formatClockTime(input.gatesOpen, INTL_LOCALES[language]);
  const subject = subjectLine(
    t('Reminder: {{event}} on {{date}}, gates open at {{time}}', {
      event: event.name,
      date: when.date,
      time: gates,
    }),
  );
  const rows: DetailRow[] = [
    [t('Event'), event.name],
    [t('Date'), when.date],
    [t('Gates open'), gates],
    [t('Time'), when.time],
    [t('Venue'), event.venue],
    [t('Your tickets'), String(count)],
  ];
  const intro = t(
    '{{event}} is almost here! Gates open at {{time}}. Your {{count}} tickets are attached again as a PDF, in case you need them offline.',
    { event: event.name, time: gates, count },
  );
  const tips = [
    t('Show each ticket’s QR code at the gate, on your phone or printed. Each QR admits one person, once.'),
    t('Turn your screen brightness up at the gate, and keep your phone charged.'),
    t('Come early: the queue is shortest just after the gates open.'),
  ];
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('Gates open at {{time}} on {{date}} at {{venue}}.', {
        time: gates,
        date: when.date,
        venue: event.venue,
      }),
      heading: t('See you at {{event}}!', { event: event.name }),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${button(input.mapUrl, t('Open the venue in Maps'))}
${ticketList(tickets, language)}
${walletSection(input.wallet, t)}
${button(input.ticketsUrl, t('View My Tickets'))}
${list(tips)}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody(
      [
        greeting(input.to, t),
        intro,
        textDetails(rows),
        t('Venue on the map: {{url}}', { url: input.mapUrl }),
        textTicketList(tickets, language),
        textWalletSection(input.wallet, t),
        t('View your tickets: {{url}}', { url: input.ticketsUrl }),
        tips.map((tip) => `- ${tip}`).join('\n'),
      ],
      language,
      input.organiser,
    ),
    attachments: ticketAttachments({ event, orderRef: input.reference, pdf: input.pdf }),
  };
}
