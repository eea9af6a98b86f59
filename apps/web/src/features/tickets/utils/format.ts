import { formatEventDate, minutesOfDay } from '@utsav/domain/time';
import { currentLocale } from '../../../lib/i18n/language';

// Instants and rupees are formatted by ui/format.ts; these are the event's own calendar date and clock times,
// in the chosen language's Indian locale (en-IN, hi-IN, gu-IN).

/** "Saturday, 3 January 2026" (or its Hindi/Gujarati form) for the event's IST calendar date. */
export function formatEventDay(date: string): string {
  return formatEventDate(date, currentLocale());
}

/** "6:30 pm – 11:00 pm" for wall-clock times of the event day ("18:30"), in the current language. */
export function formatClockRange(start: string, end: string): string {
  const clock = (time: string) => {
    const minutes = minutesOfDay(time);
    // A fixed UTC day: only the hour and minute are read, so no time zone can shift them.
    return new Date(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60));
  };
  const format = new Intl.DateTimeFormat(currentLocale(), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return format.formatRange(clock(start), clock(end));
}

/** 'Qr token prefix…' for View Details: enough to recognise, never the whole secret on screen. */
export function qrPrefix(qrCode: string, length = 24): string {
  return qrCode.length > length ? `${qrCode.slice(0, length)}…` : qrCode;
}
