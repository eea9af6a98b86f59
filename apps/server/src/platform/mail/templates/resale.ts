import { POLICY } from '@utsav/domain/constants';
import { translator } from '../../i18n/messages';
import type { MailMessage, Recipient } from '../message';
import { html, subjectLine } from './html';
import {
  button,
  type DetailRow,
  detailsTable,
  emailLayout,
  type FromOrganiser,
  greeting,
  languageOf,
  money,
  paragraph,
  textBody,
  textDetails,
} from './layout';

// The seller's mail once a ticket they listed for face-value resale has sold. Amounts in rupees.

export interface ResaleSoldInput extends FromOrganiser {
  to: Recipient;
  eventName: string;
  ticketId: string;
  paid: number;
  fee: number;
  refundAmount: number;
  /** Our refund id; absent when nothing was refunded (a ticket that cost nothing). */
  refundId?: string | undefined;
  refundsUrl: string;
}

export function resaleSoldEmail(input: ResaleSoldInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const amount = money(input.refundAmount);
  const subject = subjectLine(t('Your ticket to {{event}} was resold', { event: input.eventName }));
  const rows: DetailRow[] = [
    [t('Ticket'), input.ticketId],
    [t('You paid'), money(input.paid)],
    [t('Resale fee'), `- ${money(input.fee)}`],
    [t('Refund amount'), amount],
    ...(input.refundId ? [[t('Refund reference'), input.refundId] as const] : []),
  ];
  const intro = t(
    'Someone bought the ticket {{ticket}} you listed for resale. Your ticket is now cancelled and no longer admits anyone at the gate.',
    { ticket: input.ticketId },
  );
  const refundNote = input.refundId
    ? t(
        'We are refunding {{amount}} to your original payment method. It usually arrives within {{days}} business days.',
        { amount, days: POLICY.refundBusinessDays },
      )
    : t('The ticket cost nothing, so there is no refund to send.');
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: intro,
      heading: t('Your ticket was resold'),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${paragraph(refundNote)}
${input.refundId ? button(input.refundsUrl, t('Track your refund')) : ''}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody([greeting(input.to, t), intro, textDetails(rows), refundNote], language, input.organiser),
    attachments: [],
  };
}
