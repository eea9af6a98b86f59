import { INTL_LOCALES, type Language } from '@utsav/domain/languages';
import { formatClockTime, formatEventDate, istDateTimeLocal } from '@utsav/domain/time';
import type { EventDetails } from '../../documents/types';
import { type Translate, translator } from '../../i18n/messages';
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
  money,
  notice,
  paragraph,
  textBody,
  textDetails,
} from './layout';

// Waitlist emails (docs/product.md#waitlist): the offer of seats that came back, and the one word to those still
// waiting when the sale closes. Written in the recipient's language.

function offerEnds(expiresAt: Date, language: Language, t: Translate): string {
  const local = istDateTimeLocal(expiresAt);
  return t('{{time}} IST on {{date}}', {
    time: formatClockTime(local.slice(11, 16), INTL_LOCALES[language]),
    date: formatEventDate(local.slice(0, 10), INTL_LOCALES[language]),
  });
}

export interface WaitlistOfferInput extends FromOrganiser {
  to: Recipient;
  event: EventDetails;
  quantity: number;
  /** Rupees for all the offered seats. */
  amount: number;
  expiresAt: Date;
  /** Where the guest buys: the event page, which shows the offer with its countdown. */
  buyUrl: string;
}

export function waitlistOfferEmail(input: WaitlistOfferInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const ends = offerEnds(input.expiresAt, language, t);
  const when = eventWhen(input.event, language);
  const subject = subjectLine(t('Tickets came back for you: {{event}}', { event: input.event.name }));
  const rows: DetailRow[] = [
    [t('Event'), input.event.name],
    [t('Date'), when.date],
    [t('Tickets held for you'), String(input.quantity)],
    [t('Amount'), money(input.amount)],
    [t('Offer ends'), ends],
  ];
  const intro = t(
    'Good news: tickets for {{event}} came back, and you are next on the waitlist. They are held for you until {{ends}}.',
    { event: input.event.name, ends },
  );
  const rule = t(
    'Buy them before then. If you do not, they pass to the next person on the waitlist. Nothing has been charged yet.',
  );
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('Held for you until {{ends}}.', { ends }),
      heading: t('Your turn on the waitlist'),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${button(input.buyUrl, t('Buy your tickets'))}
${notice(rule)}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody(
      [greeting(input.to, t), intro, textDetails(rows), `${t('Buy your tickets')}: ${input.buyUrl}`, rule],
      language,
      input.organiser,
    ),
    attachments: [],
  };
}

export interface WaitlistClosedInput extends FromOrganiser {
  to: Recipient;
  eventName: string;
  quantity: number;
}

export function waitlistClosedEmail(input: WaitlistClosedInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const subject = subjectLine(t('The sale for {{event}} has closed', { event: input.eventName }));
  const body = t(
    'We are sorry: no tickets came back for you before {{event}} began, so the waitlist has closed. You have not been charged anything.',
    { event: input.eventName },
  );
  const thanks = t('Thank you for waiting with us. We hope to see you at the next one.');
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('No tickets came back before the event began.'),
      heading: t('The waitlist has closed'),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(body)}
${paragraph(thanks)}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody([greeting(input.to, t), body, thanks], language, input.organiser),
    attachments: [],
  };
}
