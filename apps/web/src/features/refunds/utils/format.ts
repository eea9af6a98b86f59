import { EVENT_TIMEZONE, POLICY } from '@utsav/domain/constants';
import type { RefundStatus } from '@utsav/domain/refunds';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIMEZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const dateOnly = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIMEZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** 21 Nov 2026, 8:49 pm — in Mumbai time, where the event happens. */
export function formatInstant(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

export function formatDay(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateOnly.format(date);
}

/** The short form of a long id shown in lists: its last 8 characters (admin-side §2). */
export function lastEight(id: string): string {
  return id.slice(-8).toUpperCase();
}

/** Status names in the admin list and filter: processed reads 'Completed' (admin-side §2). */
export const STATUS_NAMES: Record<RefundStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  processed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A mail to support about a refund, subject filled in so the team can find it. */
export function supportMailto(refund: { refundId: string; ticketId: string }): string {
  const subject = `Refund failed ${refund.refundId} (ticket ${refund.ticketId})`;
  return `mailto:${POLICY.supportEmail}?subject=${encodeURIComponent(subject)}`;
}
