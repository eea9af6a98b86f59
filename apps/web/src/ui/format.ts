import { EVENT_TIMEZONE } from '@utsav/domain/constants';
import { groupedIndian } from '@utsav/domain/pricing';
import {
  formatClockHour,
  formatClockTime,
  formatClockTimeWithSeconds,
  formatIstShortDate,
  istTimeOfDay,
} from '@utsav/domain/time';
import { currentLocale } from '../lib/i18n/language';

// Instants are shown in Mumbai time, where the event happens, whatever the viewer's own time zone, in the
// chosen language's Indian locale (en-IN, hi-IN, gu-IN). Days and whole numbers in those locales are written
// by the domain's functions, exactly as Intl writes them (their unit tests compare): a phone's first Intl
// formatter loads ICU's locale and zone data, which was the largest part of My Tickets' and the scanner's
// first render (decision 1115). Anything else goes to Intl, with formatters built once per locale.
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
  iso: string | Date | null | undefined,
  fallback: string,
  kind: 'day' | 'day-month',
  options: Intl.DateTimeFormatOptions,
) {
  if (!iso) return fallback;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return fallback;
  return (
    formatIstShortDate(date, currentLocale(), kind === 'day') ??
    formatter(kind, (locale) => new Intl.DateTimeFormat(locale, options)).format(date)
  );
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

/**
 * "21 Nov 2026, 8:49 PM" / "21 नव॰ 2026, रात 8:49" / "21 નવે, 2026, રાત્રે 8:49": the day as Intl writes it,
 * the time through the domain's clock (formatClockTime), as every other time in the app (Intl alone puts
 * Gujarati's part of the day last, "8:49 રાત્રે").
 */
export function formatInstant(iso: string | null | undefined, fallback = '—'): string {
  const day = formatDay(iso, '');
  if (!day || !iso) return fallback;
  return `${day}, ${formatTimeOfDay(new Date(iso))}`;
}

/**
 * "8:49 PM" / "रात 8:49" / "રાત્રે 8:49" (with `seconds`, "8:49:05 PM"): an instant's time on Mumbai's clock,
 * through the domain's clock.
 */
export function formatTimeOfDay(instant: Date, { seconds = false } = {}): string {
  const time = istTimeOfDay(instant);
  return seconds
    ? formatClockTimeWithSeconds(time, currentLocale())
    : formatClockTime(time.slice(0, 5), currentLocale());
}

/** 21 Nov 2026. */
export function formatDay(iso: string | null | undefined, fallback = '—'): string {
  return format(iso, fallback, 'day', DATE_ONLY);
}

/** 5 Oct / 5 अक्टू॰: a day of the year in Mumbai, without the year (a price phase's end, this season). */
export function formatDayMonth(iso: string | Date | null | undefined, fallback = '—'): string {
  return format(iso, fallback, 'day-month', { timeZone: EVENT_TIMEZONE, day: 'numeric', month: 'short' });
}

/** 1,00,000 (Indian grouping). */
export function formatCount(value: number): string {
  return groupedIndian(value) ?? formatter('count', (locale) => new Intl.NumberFormat(locale)).format(value);
}

/** ₹1,299 (whole rupees, no paise shown). */
export function formatRupees(rupees: number): string {
  const whole = groupedIndian(rupees);
  if (whole !== null) return `₹${whole}`;
  return formatter(
    'rupees',
    (locale) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
  ).format(rupees);
}
