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
  notice,
  paragraph,
  textBody,
  textDetails,
} from './layout';
import { type EmailTicket, textTicketList, ticketAttachments, ticketList } from './ticket-confirmation';
import { textWalletSection, type WalletLinks, walletSection } from './wallet-links';

export interface ManualIssuanceInput extends FromOrganiser {
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
  const language = languageOf(input.to);
  const t = translator(language);
  const when = eventWhen(event, language);
  const count = tickets.length;
  const subject = subjectLine(t('Your tickets for {{event}}', { event: event.name }));
  const amount = money(input.totalAmount);
  const payment = input.paymentDone
    ? t('Received ({{amount}}), thank you', { amount })
    : t('Pending ({{amount}})', { amount });
  const rows: DetailRow[] = [
    [t('Event'), event.name],
    [t('Date'), when.date],
    [t('Time'), when.time],
    [t('Venue'), event.venue],
    [t('Tickets'), String(count)],
    [t('Payment'), payment],
    [t('Reference'), input.issuanceRef],
  ];
  const intro = t(
    'The organiser of {{event}} has issued {{count}} tickets in your name. They are attached as a PDF, one page per ticket with its QR code, and also in My Tickets when you sign in with this email address.',
    { event: event.name, count },
  );
  const pendingNote =
    !input.paymentDone &&
    t('Payment of {{amount}} is still pending. Please settle it with the organiser before the event.', {
      amount,
    });
  const notes = [
    t('Show each ticket’s QR code at the gate, on your phone or printed. Each QR admits one person, once.'),
    t('Tickets issued by the organiser cannot be cancelled online; for any change, write to us.'),
  ];
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('{{count}} tickets for {{date}} at {{venue}}.', {
        count,
        date: when.date,
        venue: event.venue,
      }),
      heading: t('Your tickets for {{event}}', { event: event.name }),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${pendingNote ? notice(pendingNote) : ''}
${detailsTable(rows)}
${ticketList(tickets, language)}
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
        pendingNote,
        textDetails(rows),
        textTicketList(tickets, language),
        textWalletSection(input.wallet, t),
        t('View your tickets: {{url}}', { url: input.ticketsUrl }),
        notes.map((note) => `- ${note}`).join('\n'),
      ],
      language,
      input.organiser,
    ),
    attachments: ticketAttachments({ event, orderRef: input.issuanceRef, pdf: input.pdf, ics: input.ics }),
  };
}
