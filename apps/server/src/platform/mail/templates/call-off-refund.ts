import { paiseToRupees } from '@utsav/domain/pricing';
import { translator } from '../../i18n/messages';
import type { MailMessage, Recipient } from '../message';
import { subjectLine } from './html';
import { type DetailRow, type FromOrganiser, languageOf, money } from './layout';
import { refundCompleteMessage } from './refunds';

// The one "refund complete" mail of an order whose night was called off (decision 0632): the order's completed
// refunds together, their sum and their tickets. A refund of the order that failed for good had its own mail.

export interface CallOffRefundCompletedInput extends FromOrganiser {
  to: Recipient;
  eventName: string;
  /** The completed refunds: each ticket's code and our refund code. */
  refunds: ReadonlyArray<{ ticketCode: string; refundCode: string }>;
  /** Their sum, in paise. */
  refundedPaise: number;
  /** Refunds of the same order that failed for good (each mailed on its own). */
  failedCount: number;
}

export function callOffRefundCompletedEmail(input: CallOffRefundCompletedInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const amount = money(paiseToRupees(input.refundedPaise));
  const count = input.refunds.length;
  const subject = subjectLine(
    t('Your refund of {{amount}} for {{event}} is complete', { amount, event: input.eventName }),
  );
  const rows: DetailRow[] = [
    [t('Event'), input.eventName],
    [t('Tickets'), input.refunds.map((refund) => refund.ticketCode).join(', ')],
    [t('Refund amount'), amount],
    [t('Refund reference'), input.refunds.map((refund) => refund.refundCode).join(', ')],
  ];
  const intro = t(
    '{{event}} was called off. Your refund of {{amount}} for {{count}} tickets has been processed in full and sent to your original payment method.',
    { event: input.eventName, amount, count },
  );
  const failed =
    input.failedCount > 0
      ? t(
          'The refund for {{count}} other tickets of this order could not be completed yet. We have written to you about it separately; that money is still owed to you.',
          { count: input.failedCount },
        )
      : undefined;
  return refundCompleteMessage(input, { subject, amount, intro, rows, note: failed });
}
