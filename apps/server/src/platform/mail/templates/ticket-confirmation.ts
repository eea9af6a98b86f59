import { CANCELLATION_DEDUCTION_PER_TICKET, CANCELLATION_MIN_DAYS } from '@utsav/domain/constants';
import type { Language } from '@utsav/domain/languages';
import { ICS_CONTENT_TYPE } from '../../documents/ics';
import { type TicketTypeShown, ticketTypeLabel } from '../../documents/ticket-type-label';
import type { EventDetails } from '../../documents/types';
import { safeFileName } from '../../documents/zip';
import { translator } from '../../i18n/messages';
import type { MailAttachment, MailMessage, Recipient } from '../message';
import { html, type SafeHtml, safeUrl, subjectLine } from './html';
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
import { textWalletSection, type WalletLinks, walletSection } from './wallet-links';

export interface EmailTicket {
  id: string;
  /** UT-XXXXXXXXXX, the only reference a guest sees. */
  code: string;
  /** Rupees. */
  price: number;
  holderName?: string | undefined;
  /** The type it was sold as, named in the mail's language ("Couple pass · admits 2"). */
  ticketType?: TicketTypeShown | undefined;
}

export interface TicketConfirmationInput extends FromOrganiser {
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
  /** The order's tax document as a PDF, opened without a sign-in; no link without it (a ₹0 order has none). */
  invoiceUrl?: string | undefined;
}

export function ticketConfirmationEmail(input: TicketConfirmationInput): MailMessage {
  const { event, tickets } = input;
  const language = languageOf(input.to);
  const t = translator(language);
  const when = eventWhen(event, language);
  const count = tickets.length;
  const subject = subjectLine(t('Your tickets for {{event}}', { event: event.name }));
  const rows: DetailRow[] = [
    [t('Event'), event.name],
    [t('Date'), when.date],
    [t('Time'), when.time],
    [t('Venue'), event.venue],
    [t('Tickets'), String(count)],
    [t('Total paid'), money(input.totalPaid)],
    [t('Order'), input.orderRef],
  ];
  const policy = t(
    'You can cancel a ticket from My Tickets up to {{days}} days before the event; the refund is the ticket price less {{deduction}} per ticket.',
    { days: CANCELLATION_MIN_DAYS, deduction: money(CANCELLATION_DEDUCTION_PER_TICKET) },
  );
  const intro = t(
    "You're going to {{event}}! Your payment went through and your {{count}} tickets are attached as a PDF, one page per ticket with its QR code.",
    { event: event.name, count },
  );
  const notes = [
    tickets.some((ticket) => (ticket.ticketType?.admits ?? 1) > 1)
      ? t(
          'Show each ticket’s QR code at the gate, on your phone or printed. Each QR admits once, as many people as its ticket says.',
        )
      : t(
          'Show each ticket’s QR code at the gate, on your phone or printed. Each QR admits one person, once.',
        ),
    t('Keep your QR codes to yourself: whoever shows a code first gets in with it.'),
    t('Add the night to your calendar with the attached invite (.ics); it reminds you a day before.'),
    policy,
  ];

  const body = html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${ticketList(tickets, language)}
${walletSection(input.wallet, t)}
${button(input.ticketsUrl, t('View My Tickets'))}
${input.invoiceUrl ? paragraph(html`<a href="${safeUrl(input.invoiceUrl)}" style="${INVOICE_LINK}">${t('Download invoice')}</a>`) : ''}
${list(notes)}`;

  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('{{count}} tickets for {{date}} at {{venue}}. Show the QR code at the gate.', {
        count,
        date: when.date,
        venue: event.venue,
      }),
      heading: t("You're in for {{event}}!", { event: event.name }),
      body,
      language,
      organiser: input.organiser,
    }),
    text: textBody(
      [
        greeting(input.to, t),
        intro,
        textDetails(rows),
        textTicketList(tickets, language),
        textWalletSection(input.wallet, t),
        t('View your tickets: {{url}}', { url: input.ticketsUrl }),
        input.invoiceUrl ? t('Download invoice: {{url}}', { url: input.invoiceUrl }) : undefined,
        notes.map((note) => `- ${note}`).join('\n'),
      ],
      language,
      input.organiser,
    ),
    attachments: ticketAttachments({ event, orderRef: input.orderRef, pdf: input.pdf, ics: input.ics }),
  };
}

const INVOICE_LINK = 'color:#7a1e3a;font-weight:bold;text-decoration:underline;';
const HEAD = 'padding:6px 4px;border-bottom:2px solid #eadfcd;font-size:12px;color:#6b625a;';
const CELL = 'padding:8px 4px;border-bottom:1px solid #eadfcd;font-size:14px;';

/** The tickets as a table: code, type (when any ticket has one), holder's name and price. */
export function ticketList(tickets: EmailTicket[], language: Language = 'en'): SafeHtml {
  const t = translator(language);
  const typed = tickets.some((ticket) => ticket.ticketType);
  const typeOf = (ticket: EmailTicket) =>
    ticket.ticketType ? ticketTypeLabel(ticket.ticketType, language) : '—';
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:collapse;">
<tr><th align="left" style="${HEAD}">${t('Ticket')}</th>${typed ? html`<th align="left" style="${HEAD}">${t('Type')}</th>` : ''}<th align="left" style="${HEAD}">${t('Name')}</th><th align="right" style="${HEAD}">${t('Price')}</th></tr>
${tickets.map(
  (ticket) =>
    html`<tr><td style="${CELL}font-family:Menlo,Consolas,monospace;font-size:13px;" >${ticket.code}</td>${typed ? html`<td style="${CELL}">${typeOf(ticket)}</td>` : ''}<td style="${CELL}">${ticket.holderName?.trim() || '—'}</td><td align="right" style="${CELL}">${money(ticket.price)}</td></tr>
`,
)}</table>`;
}

export function textTicketList(tickets: EmailTicket[], language: Language = 'en'): string {
  const t = translator(language);
  return tickets
    .map((ticket, i) => {
      const type = ticket.ticketType ? `, ${ticketTypeLabel(ticket.ticketType, language)}` : '';
      const name = ticket.holderName?.trim() ? `, ${ticket.holderName.trim()}` : '';
      return `${i + 1}. ${t('Ticket')} ${ticket.code}${type}${name}, ${money(ticket.price)}`;
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
