import { INTL_LOCALES } from '@utsav/domain/languages';
import { formatEventDate, istDate } from '@utsav/domain/time';
import type { EventDetails } from '../../documents/types';
import { translator } from '../../i18n/messages';
import type { MailAttachment, MailMessage, Recipient } from '../message';
import { html, type SafeHtml, subjectLine } from './html';
import {
  button,
  type DetailRow,
  detailsTable,
  emailLayout,
  eventWhen,
  type FromOrganiser,
  greeting,
  languageOf,
  money,
  paragraph,
  textBody,
  textDetails,
} from './layout';
import { textWalletSection, type WalletLinks, walletSection } from './wallet-links';

// When plans change: every holder is told the night is called off (their refunds in full are on the way) or
// moved (the new date, times and venue, a new calendar invite, and until when a full refund may be asked for).
// The admin who calls off a large night receives the confirmation code.

export interface CalledOffInput extends FromOrganiser {
  to: Recipient;
  event: EventDetails;
  ticketsUrl: string;
}

export function calledOffEmail(input: CalledOffInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const when = eventWhen(input.event, language);
  const subject = subjectLine(t('{{event}} has been called off', { event: input.event.name }));
  const intro = t(
    'We are sorry: {{event}} on {{date}} at {{venue}} has been called off. Every paid ticket is refunded in full, with no deduction, to the card or account it was paid from.',
    { event: input.event.name, date: when.date, venue: input.event.venue },
  );
  const later = t(
    'Refunds usually reach you within 5–7 business days. You can follow each one in My Tickets.',
  );
  return shortEmail(input, {
    subject,
    heading: t('This night has been called off'),
    paragraphs: [intro, later],
    html: button(input.ticketsUrl, t('View My Tickets')),
    text: t('View your tickets: {{url}}', { url: input.ticketsUrl }),
  });
}

export interface PostponedInput extends FromOrganiser {
  to: Recipient;
  event: EventDetails;
  ticketsUrl: string;
  /** The ISO instant until which a full refund may be asked for; null: no such period. */
  freeRefundUntil: string | null;
  /** The new calendar invites, one per order with the order's UID as before, so calendars move the entry. */
  ics: MailAttachment[];
  /** Each active ticket's wallet links: they open the pass as it now is, with the new date and venue. */
  wallet?: WalletLinks[] | undefined;
}

export function postponedEmail(input: PostponedInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const when = eventWhen(input.event, language);
  const subject = subjectLine(
    t('{{event}} has moved to {{date}}', { event: input.event.name, date: when.date }),
  );
  const rows: DetailRow[] = [
    [t('Event'), input.event.name],
    [t('Date'), when.date],
    [t('Time'), when.time],
    [t('Venue'), input.event.venue],
  ];
  const intro = t('{{event}} has moved. Your tickets stay valid for the new date: there is nothing to do.', {
    event: input.event.name,
  });
  const refund = input.freeRefundUntil
    ? t(
        'If the new date does not suit you, you may cancel your tickets for a full refund, with no deduction, until {{date}}.',
        { date: formatEventDate(istDate(new Date(input.freeRefundUntil)), INTL_LOCALES[language]) },
      )
    : '';
  const calendar = t('The attached invite (.ics) moves the night in your calendar.');
  const wallet = input.wallet?.length
    ? t('If your tickets are in your phone’s wallet, add them again below for a pass with the new date.')
    : '';
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: intro,
      heading: t('Moved to {{date}}', { date: when.date }),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${refund ? paragraph(refund) : ''}
${paragraph(calendar)}
${wallet ? paragraph(wallet) : ''}
${walletSection(input.wallet, t)}
${button(input.ticketsUrl, t('View My Tickets'))}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody(
      [
        greeting(input.to, t),
        intro,
        textDetails(rows),
        refund,
        calendar,
        wallet,
        textWalletSection(input.wallet, t) ?? '',
        t('View your tickets: {{url}}', { url: input.ticketsUrl }),
      ].filter(Boolean),
      language,
      input.organiser,
    ),
    attachments: input.ics,
  };
}

export interface CallOffCodeInput extends FromOrganiser {
  to: Recipient;
  eventName: string;
  code: string;
  /** Rupees. */
  refundTotal: number;
  minutes: number;
}

export function callOffCodeEmail(input: CallOffCodeInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const subject = subjectLine(t('Your code to call off {{event}}', { event: input.eventName }));
  const intro = t(
    'You asked to call off {{event}}, which refunds {{amount}}. To confirm, enter this code within {{minutes}} minutes:',
    { event: input.eventName, amount: money(input.refundTotal), minutes: input.minutes },
  );
  const warning = t('If you did not ask for this, do not share the code, and tell the other admins.');
  const rows: DetailRow[] = [[t('Code'), input.code]];
  return shortEmail(input, {
    subject,
    heading: input.code,
    paragraphs: [intro],
    html: html`${detailsTable(rows)}
${paragraph(warning)}`,
    text: `${textDetails(rows)}\n\n${warning}`,
  });
}

/** Greeting, paragraphs, then one block of its own: the shape of the called-off mail and of the code's. */
function shortEmail(
  input: FromOrganiser & { to: Recipient },
  content: { subject: string; heading: string; paragraphs: string[]; html: SafeHtml; text: string },
): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const hello = greeting(input.to, t);
  return {
    to: input.to,
    subject: content.subject,
    html: emailLayout({
      subject: content.subject,
      preheader: content.paragraphs[0] ?? content.subject,
      heading: content.heading,
      body: html`${paragraph(hello)}
${content.paragraphs.map((text) => paragraph(text))}
${content.html}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody([hello, ...content.paragraphs, content.text], language, input.organiser),
    attachments: [],
  };
}
