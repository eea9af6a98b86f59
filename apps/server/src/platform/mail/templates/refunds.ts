import {
  CANCELLATION_DEDUCTION_GATEWAY,
  CANCELLATION_DEDUCTION_PLATFORM,
  POLICY,
} from '@utsav/domain/constants';
import { type Translate, translator } from '../../i18n/messages';
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
  notice,
  paragraph,
  textBody,
  textDetails,
} from './layout';

// Refund emails: one per state a guest needs to hear about (initiated, completed, failed), and the
// automatic full refund of a payment that arrived after the last ticket was sold. Amounts in rupees.

export interface LateRefundInput extends FromOrganiser {
  to: Recipient;
  eventName: string;
  /** Rupees refunded: the whole payment. */
  amount: number;
  quantity: number;
  orderRef: string;
  paymentId?: string | undefined;
  businessDays?: string | undefined;
}

export function lateRefundEmail(input: LateRefundInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const days = input.businessDays ?? POLICY.refundBusinessDays;
  const amount = money(input.amount);
  const subject = subjectLine(
    t('Sorry, {{event}} sold out: your payment is being refunded', { event: input.eventName }),
  );
  const rows: DetailRow[] = [
    [t('Event'), input.eventName],
    [t('Tickets requested'), String(input.quantity)],
    [t('Refund amount'), t('{{amount}} (full payment)', { amount })],
    [t('Order'), input.orderRef],
    ...(input.paymentId ? [[t('Payment'), input.paymentId] as const] : []),
  ];
  const apology = t(
    "We're sorry. Your payment for {{event}} reached us after the last tickets had been sold, so we could not issue your tickets. Nothing is lost: we have refunded the full {{amount}} to your original payment method.",
    { event: input.eventName, amount },
  );
  const timing = t(
    "Refunds usually reach your account within {{days}} business days, depending on your bank. You don't need to do anything.",
    { days },
  );
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('We have refunded the full {{amount}}. Sorry we could not get you in.', { amount }),
      heading: t('Your payment is being refunded'),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(apology)}
${detailsTable(rows)}
${paragraph(timing)}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody([greeting(input.to, t), apology, textDetails(rows), timing], language, input.organiser),
    attachments: [],
  };
}

interface RefundBase extends FromOrganiser {
  to: Recipient;
  eventName: string;
  ticketId: string;
  /** Our refund id, quoted when the guest writes to support. */
  refundId?: string | undefined;
  /** Rupees. */
  refundAmount: number;
}

export interface RefundInitiatedInput extends RefundBase {
  originalAmount: number;
  deduction: number;
  /** "5-10" by default (POLICY.refundBusinessDays). */
  businessDays?: string | undefined;
  /** The Refund Tracker, if a link should be offered. */
  refundsUrl?: string | undefined;
}

export function refundInitiatedEmail(input: RefundInitiatedInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const days = input.businessDays ?? POLICY.refundBusinessDays;
  const amount = money(input.refundAmount);
  const subject = subjectLine(t('Refund initiated for your ticket to {{event}}', { event: input.eventName }));
  const rows: DetailRow[] = [
    ticketRow(input, t),
    [t('Original amount'), money(input.originalAmount)],
    [t('Deduction'), `- ${money(input.deduction)}`],
    [t('Refund amount'), amount],
    [t('Expected'), t('within {{days}} business days', { days })],
    ...refundIdRow(input.refundId, t),
  ];
  const intro = t(
    'Your ticket {{ticket}} has been cancelled and your refund of {{amount}} is on its way to your original payment method.',
    { ticket: input.ticketId, amount },
  );
  const deductionNote = t(
    "The deduction of {{deduction}} per ticket covers payment gateway ({{gateway}}) and platform ({{platform}}) charges that are not refundable. We'll email you again when the refund is complete.",
    {
      deduction: money(CANCELLATION_DEDUCTION_GATEWAY + CANCELLATION_DEDUCTION_PLATFORM),
      gateway: money(CANCELLATION_DEDUCTION_GATEWAY),
      platform: money(CANCELLATION_DEDUCTION_PLATFORM),
    },
  );
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('{{amount}} will reach you within {{days}} business days.', { amount, days }),
      heading: t('Your refund has been initiated'),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${paragraph(deductionNote)}
${input.refundsUrl ? button(input.refundsUrl, t('Track your refund')) : ''}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody(
      [
        greeting(input.to, t),
        intro,
        textDetails(rows),
        deductionNote,
        input.refundsUrl && t('Track your refund: {{url}}', { url: input.refundsUrl }),
      ],
      language,
      input.organiser,
    ),
    attachments: [],
  };
}

export interface RefundCompletedInput extends RefundBase {
  /** The bank's reference (Razorpay's ARN) if known: what the guest's bank can trace. */
  bankReference?: string | undefined;
}

export function refundCompletedEmail(input: RefundCompletedInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const amount = money(input.refundAmount);
  const subject = subjectLine(t('Your refund of {{amount}} is complete', { amount }));
  const rows: DetailRow[] = [
    ticketRow(input, t),
    [t('Refund amount'), amount],
    ...refundIdRow(input.refundId, t),
    ...(input.bankReference ? [[t('Bank reference'), input.bankReference] as const] : []),
  ];
  const intro = t(
    'Good news: your refund of {{amount}} for ticket {{ticket}} has been processed and sent to your original payment method.',
    { amount, ticket: input.ticketId },
  );
  return refundCompleteMessage(input, { subject, amount, intro, rows });
}

/**
 * The frame of every "refund complete" mail (one refund's, or a called-off order's refunds together in
 * call-off-refund.ts): greeting, what was refunded, its details, an optional notice, and when it shows at the bank.
 */
export function refundCompleteMessage(
  input: FromOrganiser & { to: Recipient },
  parts: { subject: string; amount: string; intro: string; rows: DetailRow[]; note?: string | undefined },
): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const { subject, amount, intro, rows, note } = parts;
  const timing = t(
    'Depending on your bank it can take a few more days to show on your statement. If it has not appeared after a week, write to us with the details above.',
  );
  const body = note
    ? html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${notice(note)}
${paragraph(timing)}`
    : html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${paragraph(timing)}`;
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('{{amount}} has been sent to your original payment method.', { amount }),
      heading: t('Your refund is complete'),
      body,
      language,
      organiser: input.organiser,
    }),
    text: textBody(
      [greeting(input.to, t), intro, textDetails(rows), note, timing],
      language,
      input.organiser,
    ),
    attachments: [],
  };
}

export type RefundFailedInput = RefundBase;

export function refundFailedEmail(input: RefundFailedInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const amount = money(input.refundAmount);
  const subject = subjectLine(
    t('We could not complete your refund for {{event}}', { event: input.eventName }),
  );
  const rows: DetailRow[] = [
    ticketRow(input, t),
    [t('Refund amount'), amount],
    ...refundIdRow(input.refundId, t),
  ];
  const intro = t(
    'We tried to send your refund of {{amount}} for ticket {{ticket}}, but the payment gateway could not complete it. Your money is safe: the refund is still owed to you and our team will complete it.',
    { amount, ticket: input.ticketId },
  );
  const support = input.organiser?.supportEmail;
  const ask = support
    ? t(
        'Please write to {{email}} with the details above; we answer refund queries within {{refundHours}} hours.',
        { email: support, refundHours: POLICY.refundQueryResponseHours },
      )
    : t('Please contact the organiser with the details above.');
  // The subject a support person reads stays English, whatever the guest's language.
  const mailto =
    support &&
    `mailto:${support}?subject=${encodeURIComponent(
      `Refund failed${input.refundId ? ` ${input.refundId}` : ''} (ticket ${input.ticketId})`,
    )}`;
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: t('Your refund is still owed to you. Please contact support so we can complete it.'),
      heading: t('Your refund needs our attention'),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${detailsTable(rows)}
${notice(ask)}
${mailto ? button(mailto, t('Contact Support')) : ''}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody([greeting(input.to, t), intro, textDetails(rows), ask], language, input.organiser),
    attachments: [],
  };
}

function ticketRow(input: RefundBase, t: Translate): DetailRow {
  // ticketId is the ticket code (UT-XXXXXXXXXX), shown whole: the one reference on every surface.
  return [t('Ticket'), `${input.ticketId} (${input.eventName})`];
}

function refundIdRow(refundId: string | undefined, t: Translate): DetailRow[] {
  return refundId ? [[t('Refund reference'), refundId]] : [];
}
