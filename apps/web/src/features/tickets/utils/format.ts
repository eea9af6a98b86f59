import { formatEventDate } from '@utsav/domain/time';
import { currentLocale } from '../../../lib/i18n/language';

// Instants and rupees are formatted by ui/format.ts, the event's hours by ui/time-range.ts; this is the event's
// own calendar date, in the chosen language's Indian locale (en-IN, hi-IN, gu-IN).

/** "Saturday, 3 January 2026" (or its Hindi/Gujarati form) for the event's IST calendar date. */
export function formatEventDay(date: string): string {
  return formatEventDate(date, currentLocale());
}

/** 'Qr token prefix…' for View Details: enough to recognise, never the whole secret on screen. */
export function qrPrefix(qrCode: string, length = 24): string {
  return qrCode.length > length ? `${qrCode.slice(0, length)}…` : qrCode;
}
