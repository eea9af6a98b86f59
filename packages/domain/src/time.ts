import { EVENT_TIMEZONE } from './constants';
import { EVENT_DATE_WORDS, type EventDateWords } from './event-date-words';

// Calendar arithmetic in Asia/Kolkata. IST has no daylight saving: a fixed +05:30 offset.
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of the IST calendar day containing the instant. */
export function istDate(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Hour of day 0-23 in IST. */
export function istHour(instant: Date): number {
  return new Date(instant.getTime() + IST_OFFSET_MS).getUTCHours();
}

/** The instant an IST wall-clock date and HH:MM time denote. */
export function istInstant(date: string, time = '00:00'): Date {
  return new Date(Date.parse(`${date}T${time}:00.000Z`) - IST_OFFSET_MS);
}

/** "YYYY-MM-DDTHH:MM" of the instant on an IST wall clock (a date-time form field's value). */
export function istDateTimeLocal(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** "HH:MM:SS" of the instant on an IST wall clock. */
export function istTimeOfDay(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(11, 19);
}

/**
 * An instant as IST wall-clock time with its offset, 2026-10-03T19:42:05+05:30: what an organiser reads in a
 * spreadsheet, and still one unambiguous instant for a program. Null stays null.
 */
export function istTimestamp(iso: string | null): string | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return `${new Date(at + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

// One formatter per locale: toLocaleDateString builds a new Intl.DateTimeFormat (and looks up its locale
// data) on every call, a visible cost in the landing page's first render on a phone.
const eventDateFormats = new Map<string, Intl.DateTimeFormat>();
const WORDS_BY_LOCALE: Record<string, EventDateWords> = {
  'en-IN': EVENT_DATE_WORDS.en,
  'hi-IN': EVENT_DATE_WORDS.hi,
  'gu-IN': EVENT_DATE_WORDS.gu,
};
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "Saturday, 3 January 2026" for an IST calendar date. The app's three locales are written from their words
 * (event-date-words.ts: no Intl, whose first use costs a phone's first render dearly); any other through Intl.
 */
export function formatEventDate(date: string, locale = 'en-IN'): string {
  const words = WORDS_BY_LOCALE[locale];
  const parts = ISO_DATE.exec(date);
  if (words && parts) {
    const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    if (isIsoDate(date))
      return words.write(words.weekdays[weekday] ?? '', day, words.months[month - 1] ?? '', year);
  }
  let format = eventDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    eventDateFormats.set(locale, format);
  }
  return format.format(new Date(`${date}T00:00:00.000Z`));
}

/**
 * "21 Nov 2026" / "21 नव॰ 2026" / "21 નવે, 2026" (without the year: "21 Nov"): the IST calendar day of an
 * instant, as Intl writes it with `timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short'` (and `year:
 * 'numeric'`), for the app's three locales; null for any other locale, which the caller gives to Intl. A
 * phone's first Intl formatter with a time zone loads ICU's data: a long task in My Tickets' and the scanner's
 * first render.
 */
export function formatIstShortDate(instant: Date, locale: string, withYear = true): string | null {
  const words = WORDS_BY_LOCALE[locale];
  if (!words || Number.isNaN(instant.getTime())) return null;
  const day = new Date(instant.getTime() + IST_OFFSET_MS);
  const month = words.shortMonths[day.getUTCMonth()] ?? '';
  return words.writeShort(day.getUTCDate(), month, withYear ? day.getUTCFullYear() : undefined);
}

/** "Saturday, 3 January 2026 at 7:00 PM IST": an instant as people in India read it. */
export function formatIstDateTime(instant: Date, locale = 'en-IN'): string {
  const local = istDateTimeLocal(instant);
  return `${formatEventDate(local.slice(0, 10), locale)} at ${formatTime(local.slice(11, 16))} IST`;
}

/** "6:30 PM" from "18:30". */
export function formatTime(time: string): string {
  const minutes = minutesOfDay(time);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

// The parts of the day as CLDR's short flexible day periods name them in hi-IN and gu-IN (night until 4,
// morning until 12, afternoon until 16, evening until 20, night again), so formatClockTime writes these two
// locales without Intl: the first Intl formatter costs a phone's first render dearly (decision 1115).
// test/time.test.ts compares every minute of the day with Intl.
const DAY_PERIODS: Readonly<Record<string, readonly [string, string, string, string]>> = {
  'hi-IN': ['रात', 'सुबह', 'दोपहर', 'शाम'],
  'gu-IN': ['રાત્રે', 'સવારે', 'બપોરે', 'સાંજે'],
};

function dayPeriod(hour: number): 0 | 1 | 2 | 3 {
  if (hour < 4 || hour >= 20) return 0;
  if (hour < 12) return 1;
  return hour < 16 ? 2 : 3;
}

/**
 * An IST wall-clock HH:MM as a reader of `locale` says it. English keeps the product's "7:00 PM"; Hindi and
 * Gujarati name the part of the day ("शाम 7:00", "સાંજે 7:00"), where Intl's plain clock would print a Latin
 * "PM". The part of the day goes first in both, as people say it (CLDR puts it last in Gujarati).
 */
export function formatClockTime(time: string, locale = 'en-IN'): string {
  if (locale.startsWith('en') || !TIME_PATTERN.test(time)) return formatTime(time);
  const periods = DAY_PERIODS[locale];
  if (periods) {
    const minutes = minutesOfDay(time);
    const hour = Math.floor(minutes / 60);
    return `${periods[dayPeriod(hour)]} ${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')}`;
  }
  let clock = clocks.get(locale);
  if (!clock) {
    clock = new Intl.DateTimeFormat(locale, {
      hour: 'numeric',
      minute: '2-digit',
      dayPeriod: 'short',
      timeZone: 'UTC',
    });
    clocks.set(locale, clock);
  }
  const parts = clock.formatToParts(new Date(`1970-01-01T${time}:00.000Z`));
  const period = parts.find((part) => part.type === 'dayPeriod')?.value;
  const rest = parts
    .filter((part) => part.type !== 'dayPeriod')
    .map((part) => part.value)
    .join('')
    .trim();
  return period ? `${period} ${rest}` : rest;
}

/**
 * "7 PM" / "शाम 7" / "સાંજે 7": a whole IST hour (0-23) as formatClockTime says it, without its ":00", for
 * labels that only ever name an hour (a chart's axis). Built on formatClockTime so the order of the part of
 * the day is decided in one place.
 */
export function formatClockHour(hour: number, locale = 'en-IN'): string {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23)
    throw new RangeError(`not an hour of the day: ${hour}`);
  return formatClockTime(`${String(hour).padStart(2, '0')}:00`, locale).replace(':00', '');
}

/**
 * "7:42:05 PM" / "शाम 7:42:05": formatClockTime with the seconds after the minutes, for a clock that must show
 * how fresh a live figure is. `time` is HH:MM:SS.
 */
export function formatClockTimeWithSeconds(time: string, locale = 'en-IN'): string {
  const match = /^(\d\d:\d\d):([0-5]\d)$/.exec(time);
  if (!match?.[1] || !TIME_PATTERN.test(match[1])) return time;
  const [hoursAndMinutes, seconds] = [match[1], match[2]];
  return formatClockTime(hoursAndMinutes, locale).replace(/:(\d\d)/, `:$1:${seconds}`);
}

export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)} - ${formatTime(end)}`;
}

export { EVENT_TIMEZONE };
