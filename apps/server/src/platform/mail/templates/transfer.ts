import { type TicketTypeShown, ticketTypeLabel } from '../../documents/ticket-type-label';
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
  money,
  paragraph,
  textBody,
  textDetails,
} from './layout';
import { ticketAttachments } from './ticket-confirmation';
import { textWalletSection, type WalletLinks, walletSection } from './wallet-links';

// The two emails of a completed transfer: the sender's receipt, and the recipient's ticket. Each is written in
// its own reader's language (the one they use the app in; English for someone who never signed in).

export interface TransferSentInput extends FromOrganiser {
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
  const language = languageOf(input.to);
  const t = translator(language);
  const subject = subjectLine(t('Your ticket for {{event}} was transferred', { event: input.event.name }));
  const rows: DetailRow[] = [
    [t('Ticket'), input.ticketCode],
    [t('Transferred to'), `${input.recipient.name} (${input.recipient.email})`],
    [t('Transfer fee'), money(input.fee)],
    [t('Event'), input.event.name],
  ];
  const intro = t(
    'Your ticket {{ticket}} now belongs to {{name}}, who has been sent a new ticket with a new QR code. Your old QR code no longer admits anyone at the gate.',
    { ticket: input.ticketCode, name: input.recipient.name },
  );
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('Ticket {{ticket}} now belongs to {{name}}.', {
        ticket: input.ticketCode,
        name: input.recipient.name,
      }),
      heading: t('Ticket transferred'),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${button(input.ticketsUrl, t('View My Tickets'))}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody(
      [
        greeting(input.to, t),
        intro,
        textDetails(rows),
        t('View your tickets: {{url}}', { url: input.ticketsUrl }),
      ],
      language,
      input.organiser,
    ),
    attachments: [],
  };
}

export interface TransferReceivedInput extends FromOrganiser {
  to: Recipient;
  event: EventDetails;
  sender: Recipient;
  ticketCode: string;
  /** The type the ticket keeps through the transfer ("Couple pass · admits 2"). */
  ticketType?: TicketTypeShown | undefined;
  /** The new ticket, rendered in the recipient's language. */
  pdf: Uint8Array;
  wallet?: WalletLinks[] | undefined;
  ticketsUrl: string;
}

export function transferReceivedEmail(input: TransferReceivedInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const when = eventWhen(input.event, language);
  const subject = subjectLine(
    t('{{sender}} sent you a ticket for {{event}}', { sender: input.sender.name, event: input.event.name }),
  );
  const rows: DetailRow[] = [
    [t('Event'), input.event.name],
    [t('Date'), when.date],
    [t('Time'), when.time],
    [t('Venue'), input.event.venue],
    [t('Ticket'), input.ticketCode],
    ...(input.ticketType ? [[t('Type'), ticketTypeLabel(input.ticketType, language)] as DetailRow] : []),
    [t('From'), input.sender.name],
  ];
  const intro = t(
    '{{sender}} has transferred a ticket for {{event}} to you. It is attached as a PDF with its QR code, and it is in My Tickets when you sign in with this email address.',
    { sender: input.sender.name, event: input.event.name },
  );
  const notes = [
    (input.ticketType?.admits ?? 1) > 1
      ? t('Show the QR code at the gate, on your phone or printed. It admits {{count}} people, once.', {
          count: input.ticketType!.admits,
        })
      : t('Show the QR code at the gate, on your phone or printed. It admits one person, once.'),
    t('A ticket received by transfer cannot be cancelled for a refund.'),
  ];
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('A ticket for {{date}} at {{venue}}.', { date: when.date, venue: input.event.venue }),
      heading: t('You have a ticket for {{event}}', { event: input.event.name }),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${walletSection(input.wallet, t)}
${button(input.ticketsUrl, t('View My Tickets'))}
${list(notes)}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody(
      [
        greeting(input.to, t),
        intro,
        textDetails(rows),
        textWalletSection(input.wallet, t),
        t('View your tickets: {{url}}', { url: input.ticketsUrl }),
        notes.map((note) => `- ${note}`).join('\n'),
      ],
      language,
      input.organiser,
    ),
    attachments: ticketAttachments({ event: input.event, orderRef: input.ticketCode, pdf: input.pdf }),
  };
}
