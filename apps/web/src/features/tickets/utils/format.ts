import { EVENT_TIMEZONE } from '@utsav/domain/constants';

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

/** 21 Nov 2026, 8:49 pm — instants are shown in Mumbai time, where the event happens. */
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

/** 'Qr token prefix…' for View Details: enough to recognise, never the whole secret on screen. */
export function qrPrefix(qrCode: string, length = 24): string {
  return qrCode.length > length ? `${qrCode.slice(0, length)}…` : qrCode;
}
