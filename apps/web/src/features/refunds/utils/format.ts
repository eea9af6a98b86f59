import type { RefundStatus } from '@utsav/domain/refunds';
import { i18n } from '../../../lib/i18n/i18n';
import type { DialogLabels } from '../../../ui/dialog';
import { formatDay as formatDayIn, formatInstant as formatInstantIn } from '../../../ui/format';

/** 21 Nov 2026, 8:49 pm — in Mumbai time, in the current language's Indian locale. */
export function formatInstant(iso: string | null): string {
  return formatInstantIn(iso);
}

export function formatDay(iso: string | null): string {
  return formatDayIn(iso);
}

/**
 * The short form of a refund's long id shown in lists: its last 8 characters (docs/product.md#refund-tracker). Never
 * for a ticket: a ticket is always shown by its full code (displayTicketCode), as the guest sees it.
 */
export function lastEight(id: string): string {
  return id.slice(-8).toUpperCase();
}

/** The status's short name in the current language: processed reads 'Completed' (keys written out whole). */
export function refundStatusName(status: RefundStatus): string {
  switch (status) {
    case 'pending':
      return i18n.t('refunds.status.pending');
    case 'processing':
      return i18n.t('refunds.status.processing');
    case 'processed':
      return i18n.t('refunds.status.processed');
    case 'failed':
      return i18n.t('refunds.status.failed');
    case 'cancelled':
      return i18n.t('refunds.status.cancelled');
  }
}

/** The status's sentence (the server's statusLabel) in the current language. */
export function refundStatusSentence(status: RefundStatus): string {
  switch (status) {
    case 'pending':
      return i18n.t('refunds.statusLabel.pending');
    case 'processing':
      return i18n.t('refunds.statusLabel.processing');
    case 'processed':
      return i18n.t('refunds.statusLabel.processed');
    case 'failed':
      return i18n.t('refunds.statusLabel.failed');
    case 'cancelled':
      return i18n.t('refunds.statusLabel.cancelled');
  }
}

// The server writes a refund's history in English; the steps it always writes the same way are shown in the
// reader's language, anything else (a gateway's own words) as the step's status sentence.
const HISTORY_KEYS: Record<string, string> = {
  'Refund request created': 'refunds.history.created',
  'Sent to payment gateway': 'refunds.history.sent',
  'Refund completed successfully': 'refunds.history.processed',
  'Retry requested by admin': 'refunds.history.retried',
};

export function refundHistoryNote(entry: { status: RefundStatus; notes: string }): string {
  const key = HISTORY_KEYS[entry.notes];
  if (key) return i18n.t(key);
  return i18n.language === 'en' ? entry.notes : refundStatusSentence(entry.status);
}

/** The names of the refund dialogs' own controls (close, toasts) in the current language. */
export function refundDialogLabels(): DialogLabels {
  return {
    close: i18n.t('refunds.dialog.close'),
    notifications: i18n.t('refunds.dialog.notifications'),
    closeToast: i18n.t('refunds.dialog.closeToast'),
  };
}

/** A mail to support about a refund, subject filled in so the team can find it. */
export function supportMailto(
  supportEmail: string,
  refund: { refundId: string; ticket: { ticketId: string } },
): string {
  // The subject stays English: it is for the support team's inbox, whatever the guest reads.
  const subject = `Refund failed ${refund.refundId} (ticket ${refund.ticket.ticketId})`;
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}`;
}
