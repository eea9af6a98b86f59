import {
  CANCELLATION_DEDUCTION_GATEWAY,
  CANCELLATION_DEDUCTION_PLATFORM,
  POLICY,
} from '@utsav/domain/constants';
import { shortTicketId } from '../../documents/ticket-pdf';
import type { MailMessage, Recipient } from '../message';
import { html, subjectLine } from './html';
import {
  button,
  type DetailRow,
  detailsTable,
  emailLayout,
  greetingName,
  money,
  notice,
  paragraph,
  textBody,
  textDetails,
} from './layout';

// Refund emails: one per state a guest needs to hear about (initiated, completed, failed), and the
// automatic full refund of a payment that arrived after the last ticket was sold. Amounts in rupees.

export interface LateRefundInput {
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
  const days = input.businessDays ?? POLICY.refundBusinessDays;
  const subject = subjectLine(`Sorry, ${input.eventName} sold out: your payment is being refunded`);
  const rows: DetailRow[] = [
    ['Event', input.eventName],
    ['Tickets requested', String(input.quantity)],
    ['Refund amount', `${money(input.amount)} (full payment)`],
    ['Order', input.orderRef],
    ...(input.paymentId ? [['Payment', input.paymentId] as const] : []),
  ];
  const apology = `We're sorry. Your payment for ${input.eventName} reached us after the last tickets had been sold, so we could not issue your tickets. Nothing is lost: we have refunded the full ${money(input.amount)} to your original payment method.`;
  const timing = `Refunds usually reach your account within ${days} business days, depending on your bank. You don't need to do anything.`;
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: `We have refunded the full ${money(input.amount)}. Sorry we could not get you in.`,
      heading: 'Your payment is being refunded',
      body: html`${paragraph(`Hi ${greetingName(input.to)},`)}
${paragraph(apology)}
${detailsTable(rows)}
${paragraph(timing)}`,
    }),
    text: textBody([`Hi ${greetingName(input.to)},`, apology, textDetails(rows), timing]),
    attachments: [],
  };
}

interface RefundBase {
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
  const days = input.businessDays ?? POLICY.refundBusinessDays;
  const subject = subjectLine(`Refund initiated for your ticket to ${input.eventName}`);
  const rows: DetailRow[] = [
    ['Ticket', `${shortTicketId(input.ticketId)} (${input.eventName})`],
    ['Original amount', money(input.originalAmount)],
    ['Deduction', `- ${money(input.deduction)}`],
    ['Refund amount', money(input.refundAmount)],
    ['Expected', `within ${days} business days`],
    ...refundIdRow(input.refundId),
  ];
  const intro = `Your ticket ${input.ticketId} has been cancelled and your refund of ${money(input.refundAmount)} is on its way to your original payment method.`;
  const deductionNote = `The deduction of ${money(CANCELLATION_DEDUCTION_GATEWAY + CANCELLATION_DEDUCTION_PLATFORM)} per ticket covers payment gateway (${money(CANCELLATION_DEDUCTION_GATEWAY)}) and platform (${money(CANCELLATION_DEDUCTION_PLATFORM)}) charges that are not refundable. We'll email you again when the refund is complete.`;
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: `${money(input.refundAmount)} will reach you within ${days} business days.`,
      heading: 'Your refund has been initiated',
      body: html`${paragraph(`Hi ${greetingName(input.to)},`)}
${paragraph(intro)}
${detailsTable(rows)}
${paragraph(deductionNote)}
${input.refundsUrl ? button(input.refundsUrl, 'Track your refund') : ''}`,
    }),
    text: textBody([
      `Hi ${greetingName(input.to)},`,
      intro,
      textDetails(rows),
      deductionNote,
      input.refundsUrl && `Track your refund: ${input.refundsUrl}`,
    ]),
    attachments: [],
  };
}

export interface RefundCompletedInput extends RefundBase {
  /** The bank's reference (Razorpay's ARN) if known: what the guest's bank can trace. */
  bankReference?: string | undefined;
}

export function refundCompletedEmail(input: RefundCompletedInput): MailMessage {
  const subject = subjectLine(`Your refund of ${money(input.refundAmount)} is complete`);
  const rows: DetailRow[] = [
    ['Ticket', `${shortTicketId(input.ticketId)} (${input.eventName})`],
    ['Refund amount', money(input.refundAmount)],
    ...refundIdRow(input.refundId),
    ...(input.bankReference ? [['Bank reference', input.bankReference] as const] : []),
  ];
  const intro = `Good news: your refund of ${money(input.refundAmount)} for ticket ${input.ticketId} has been processed and sent to your original payment method.`;
  const timing =
    'Depending on your bank it can take a few more days to show on your statement. If it has not appeared after a week, write to us with the details above.';
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: `${money(input.refundAmount)} has been sent to your original payment method.`,
      heading: 'Your refund is complete',
      body: html`${paragraph(`Hi ${greetingName(input.to)},`)}
${paragraph(intro)}
${detailsTable(rows)}
${paragraph(timing)}`,
    }),
    text: textBody([`Hi ${greetingName(input.to)},`, intro, textDetails(rows), timing]),
    attachments: [],
  };
}

export type RefundFailedInput = RefundBase;

export function refundFailedEmail(input: RefundFailedInput): MailMessage {
  const subject = subjectLine(`We could not complete your refund for ${input.eventName}`);
  const rows: DetailRow[] = [
    ['Ticket', `${shortTicketId(input.ticketId)} (${input.eventName})`],
    ['Refund amount', money(input.refundAmount)],
    ...refundIdRow(input.refundId),
  ];
  const intro = `We tried to send your refund of ${money(input.refundAmount)} for ticket ${input.ticketId}, but the payment gateway could not complete it. Your money is safe: the refund is still owed to you and our team will complete it.`;
  const ask = `Please write to ${POLICY.supportEmail} with the details above (${POLICY.supportHours}); we answer refund queries within ${POLICY.refundQueryResponseHours} hours.`;
  const mailto = `mailto:${POLICY.supportEmail}?subject=${encodeURIComponent(
    `Refund failed${input.refundId ? ` ${input.refundId}` : ''} (ticket ${input.ticketId})`,
  )}`;
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: 'Your refund is still owed to you. Please contact support so we can complete it.',
      heading: 'Your refund needs our attention',
      body: html`${paragraph(`Hi ${greetingName(input.to)},`)}
${paragraph(intro)}
${detailsTable(rows)}
${notice(ask)}
${button(mailto, 'Contact Support')}`,
    }),
    text: textBody([`Hi ${greetingName(input.to)},`, intro, textDetails(rows), ask]),
    attachments: [],
  };
}

function refundIdRow(refundId: string | undefined): DetailRow[] {
  return refundId ? [['Refund reference', refundId]] : [];
}
