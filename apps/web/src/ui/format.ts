import { EVENT_TIMEZONE } from '@utsav/domain/constants';

// Instants are shown in Mumbai time, where the event happens, whatever the viewer's own time zone.
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

/** 21 Nov 2026, 8:49 pm. */
export function formatInstant(iso: string | null | undefined, fallback = '—'): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dateTime.format(date);
}

/** 21 Nov 2026. */
export function formatDay(iso: string | null | undefined, fallback = '—'): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dateOnly.format(date);
}
