import { EVENT_TIMEZONE } from '@utsav/domain/constants';
import { formatClockHour, formatClockTime } from '@utsav/domain/time';
import { currentLocale } from '../lib/i18n/language';

// Instants are shown in Mumbai time, where the event happens, whatever the viewer's own time zone, in the
// chosen language's Indian locale (en-IN, hi-IN, gu-IN). Formatters are built once per locale.
const DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: EVENT_TIMEZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const DATE_ONLY: Intl.DateTimeFormatOptions = {
  timeZone: EVENT_TIMEZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: string,
  make: (locale: string) => T,
): T {
  const locale = currentLocale();
  const key = `${kind}|${locale}`;
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make(locale);
    cache.set(key, found);
  }
  return found;
}

function format(
  iso: string | null | undefined,
  fallback: string,
  kind: string,
  options: Intl.DateTimeFormatOptions,
) {
  if (!iso) return fallback;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return fallback;
  return formatter(kind, (locale) => new Intl.DateTimeFormat(locale, withDayPeriod(locale, options))).format(
    date,
  );
}

/**
 * Hindi and Gujarati name the part of the day ("रात 8:49", "8:49 રાત્રે"): their CLDR data would otherwise
 * print a Latin "pm"/"PM" in the middle of the sentence. English keeps "8:49 pm".
 */
function withDayPeriod(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  return options.hour && !locale.startsWith('en') ? { ...options, dayPeriod: 'short' } : options;
}

/**
 * "6 PM" / "शाम 6" / "સાંજે 6": an hour of the day (0-23) as the rest of the app's clock says it (domain
 * formatClockHour), where Intl alone would put Gujarati's part of the day last ("6 સાંજે").
 */
export function formatHour(hour: number): string {
  return formatClockHour(hour, currentLocale());
}

/**
 * "7:00 PM" / "शाम 7:00" / "સાંજે 7:00" for an IST wall-clock HH:MM: the guest screens', emails' and PDFs' clock
 * (domain formatClockTime), so the admin's preview reads the event's hours as guests will see them.
 */
export function formatClock(time: string): string {
  // While the admin types, the field may hold anything: shown as it is.
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? formatClockTime(time, currentLocale()) : time;
}

/** 21 Nov 2026, 8:49 pm. */
export function formatInstant(iso: string | null | undefined, fallback = '—'): string {
  return format(iso, fallback, 'instant', DATE_TIME);
}

/** 21 Nov 2026. */
export function formatDay(iso: string | null | undefined, fallback = '—'): string {
  return format(iso, fallback, 'day', DATE_ONLY);
}

/** 1,00,000 (Indian grouping). */
export function formatCount(value: number): string {
  return formatter('count', (locale) => new Intl.NumberFormat(locale)).format(value);
}

/** ₹1,299 (whole rupees, no paise shown). */
export function formatRupees(rupees: number): string {
  return formatter(
    'rupees',
    (locale) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
  ).format(rupees);
}
