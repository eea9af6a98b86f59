import type { Language } from '@utsav/domain/languages';
import { addDays, minutesOfDay } from '@utsav/domain/time';
import { translator } from '../i18n/messages';
import { type TicketTypeShown, ticketTypeLabel } from './ticket-type-label';
import type { EventDetails, OrganiserContact } from './types';

export interface EventIcsInput {
  /** Stable per order (e.g. `order-<id>@utsav`): a resent invite then updates the same calendar entry. */
  uid: string;
  event: EventDetails;
  /** Where the guest sees their tickets. */
  url: string;
  /** The invite's ORGANIZER (left out before the organiser profile exists). */
  organiser: OrganiserContact;
  /** DTSTAMP; defaults to now. */
  now?: Date;
  /** The recipient's language for the invite's own words (the event's name and text stay as written). */
  language?: Language | undefined;
  /** The types of the tickets it is for, one entry per ticket: the description says which passes they are. */
  ticketTypes?: readonly (TicketTypeShown | undefined)[] | undefined;
}

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/**
 * An RFC 5545 calendar with one event and a reminder a day before.
 *
 * Times are local times with TZID=Asia/Kolkata plus a VTIMEZONE for it, rather than UTC: the event is a
 * physical night in Mumbai, and a calendar that knows the zone shows "6:30 PM IST" to a guest whose
 * phone is set elsewhere, instead of a silently converted time. IST has had no daylight saving since
 * 1945, so the VTIMEZONE is one STANDARD rule at +05:30 and cannot go stale; clients that ignore
 * VTIMEZONE (Google) resolve the Olson name, and those that need it (Outlook) find it here.
 */
export function buildEventIcs(input: EventIcsInput): string {
  const { event } = input;
  // A night that ends "before" it starts (20:00-01:00) ends the next day.
  const endDate =
    minutesOfDay(event.endTime) <= minutesOfDay(event.startTime) ? addDays(event.date, 1) : event.date;
  const t = translator(input.language ?? 'en');
  const passes = passesLine(input.ticketTypes ?? [], input.language ?? 'en');
  const description = [
    event.description?.trim(),
    passes ? t('Tickets: {{passes}}', { passes }) : undefined,
    t('Your tickets: {{url}}', { url: input.url }),
    t('Show your QR code at the gate.'),
  ]
    .filter(Boolean)
    .join('\n\n');

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Utsav//Utsav Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Kolkata',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0530',
    'TZOFFSETTO:+0530',
    'TZNAME:IST',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${escapeText(input.uid)}`,
    `DTSTAMP:${utcStamp(input.now ?? new Date())}`,
    `DTSTART;TZID=Asia/Kolkata:${localStamp(event.date, event.startTime)}`,
    `DTEND;TZID=Asia/Kolkata:${localStamp(endDate, event.endTime)}`,
    `SUMMARY:${escapeText(event.name)}`,
    `LOCATION:${escapeText(event.venue)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${singleLine(input.url)}`,
    ...(input.organiser
      ? [
          `ORGANIZER;CN=${quoteParam(input.organiser.name)}:mailto:${singleLine(input.organiser.supportEmail)}`,
        ]
      : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-P1D',
    `DESCRIPTION:${escapeText(t('Tomorrow: {{event}}', { event: event.name }))}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** "2 × Couple pass · admits 2, 1 × Entry": the tickets counted by type, in the order first met. */
function passesLine(types: readonly (TicketTypeShown | undefined)[], language: Language): string {
  const counts = new Map<string, number>();
  for (const type of types) {
    if (!type) continue;
    const label = ticketTypeLabel(type, language);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) => `${count} × ${label}`).join(', ');
}

/** TEXT value escaping of RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): continuation lines start with one space, which
 * counts towards their 75. Splits only between characters, never inside a UTF-8 sequence, so a name
 * in Devanagari or an emoji survives the unfolding intact.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** Parameter values with : ; , must be quoted, and may not contain a double quote at all. */
function quoteParam(value: string): string {
  const clean = value.replace(/["\r\n]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** URI values are not TEXT-escaped; a line break in one would start a forged property. */
function singleLine(value: string): string {
  return value.replace(/[\r\n]/g, '');
}

function localStamp(date: string, time: string): string {
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

function utcStamp(instant: Date): string {
  return `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}
