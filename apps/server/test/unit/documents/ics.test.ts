import { describe, expect, it } from 'vitest';
import { buildEventIcs, escapeText, foldLine } from '../../../src/platform/documents/ics';
import { newEvent, newOrganiser } from './factories';

const NOW = new Date('2026-10-01T09:15:30.000Z');

function build(overrides: Parameters<typeof newEvent>[0] = {}) {
  return buildEventIcs({
    uid: 'order-42@utsav',
    event: newEvent(overrides),
    url: 'https://utsav.example/dashboard',
    organiser: newOrganiser(),
    now: NOW,
  });
}

/** A minimal RFC 5545 reader: unfold, split name;params:value, unescape TEXT. */
function parse(ics: string): { name: string; params: string; value: string }[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^([A-Z-]+)((?:;[^:;]+=(?:"[^"]*"|[^:;]*))*):(.*)$/.exec(line);
      if (!match) throw new Error(`not a content line: ${line}`);
      return { name: match[1] ?? '', params: match[2] ?? '', value: match[3] ?? '' };
    });
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

function property(ics: string, name: string, within = 'VEVENT') {
  const lines = parse(ics);
  const start = lines.findIndex((l) => l.name === 'BEGIN' && l.value === within);
  const end = lines.findIndex((l, i) => i > start && l.name === 'END' && l.value === within);
  return lines.slice(start, end).find((l) => l.name === name);
}

describe('buildEventIcs', () => {
  it('ends every line with CRLF and keeps every line within 75 octets', () => {
    const ics = build({ description: 'नवरात्रि की शुभकामनाएँ! '.repeat(10) });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
  });

  it('is a published calendar with one confirmed event', () => {
    const ics = build();
    const lines = parse(ics);
    expect(lines[0]).toMatchObject({ name: 'BEGIN', value: 'VCALENDAR' });
    expect(lines.at(-1)).toMatchObject({ name: 'END', value: 'VCALENDAR' });
    expect(lines.find((l) => l.name === 'METHOD')?.value).toBe('PUBLISH');
    expect(lines.find((l) => l.name === 'VERSION')?.value).toBe('2.0');
    expect(lines.filter((l) => l.name === 'BEGIN' && l.value === 'VEVENT')).toHaveLength(1);
    expect(property(ics, 'UID')?.value).toBe('order-42@utsav');
    expect(property(ics, 'DTSTAMP')?.value).toBe('20261001T091530Z');
  });

  it('reads back the event’s fields', () => {
    const ics = build({ name: 'Garba, Raas; and \\ more', venue: 'NSCI Dome, Worli, Mumbai' });
    expect(unescapeText(property(ics, 'SUMMARY')?.value ?? '')).toBe('Garba, Raas; and \\ more');
    expect(unescapeText(property(ics, 'LOCATION')?.value ?? '')).toBe('NSCI Dome, Worli, Mumbai');
    expect(unescapeText(property(ics, 'DESCRIPTION')?.value ?? '')).toContain(
      'Garba and Raas with live dhol.',
    );
    expect(unescapeText(property(ics, 'DESCRIPTION')?.value ?? '')).toContain(
      'https://utsav.example/dashboard',
    );
    expect(property(ics, 'URL')?.value).toBe('https://utsav.example/dashboard');
    expect(property(ics, 'ORGANIZER')).toMatchObject({
      params: ';CN=Navratri Nights Pvt Ltd',
      value: 'mailto:help@navratri-nights.example',
    });
  });

  it('names no ORGANIZER before the organiser profile exists', () => {
    const ics = buildEventIcs({
      uid: 'order-42@utsav',
      event: newEvent(),
      url: 'https://utsav.example/dashboard',
      organiser: null,
      now: NOW,
    });
    expect(property(ics, 'ORGANIZER')).toBeUndefined();
  });

  it('gives start and end as IST wall-clock times with a VTIMEZONE for Asia/Kolkata', () => {
    const ics = build();
    expect(property(ics, 'DTSTART')).toMatchObject({
      params: ';TZID=Asia/Kolkata',
      value: '20261121T183000',
    });
    expect(property(ics, 'DTEND')).toMatchObject({ params: ';TZID=Asia/Kolkata', value: '20261121T223000' });
    expect(property(ics, 'TZID', 'VTIMEZONE')?.value).toBe('Asia/Kolkata');
    expect(property(ics, 'TZOFFSETTO', 'STANDARD')?.value).toBe('+0530');
  });

  it('ends a night that runs past midnight on the next day', () => {
    const ics = build({ startTime: '20:00', endTime: '01:00' });
    expect(property(ics, 'DTEND')?.value).toBe('20261122T010000');
  });

  it('reminds the guest a day before', () => {
    const ics = build();
    expect(property(ics, 'ACTION', 'VALARM')?.value).toBe('DISPLAY');
    expect(property(ics, 'TRIGGER', 'VALARM')?.value).toBe('-P1D');
  });

  it('cannot be given an extra property through the event text', () => {
    const ics = build({ name: 'Garba\r\nATTENDEE:mailto:evil@example.com' });
    expect(parse(ics).some((l) => l.name === 'ATTENDEE')).toBe(false);
  });
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a,b;c\\d\ne\r\nf\rg')).toBe('a\\,b\\;c\\\\d\\ne\\nf\\ng');
  });
});

describe('foldLine', () => {
  it('leaves a line of exactly 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(foldLine(line)).toBe(line);
  });

  it('folds at 75 octets with a leading space on each continuation', () => {
    const folded = foldLine(`DESCRIPTION:${'y'.repeat(200)}`);
    const parts = folded.split('\r\n');
    expect(parts[0]).toHaveLength(75);
    for (const part of parts.slice(1)) {
      expect(part.startsWith(' ')).toBe(true);
      expect(part.length).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'y'.repeat(200)}`);
  });

  it('never splits a multi-byte character', () => {
    const line = `SUMMARY:${'गरबा 🎉 '.repeat(20)}`;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const part of foldLine(line).split('\r\n')) {
      const bytes = Buffer.from(part, 'utf8');
      expect(bytes.length).toBeLessThanOrEqual(75);
      expect(() => decoder.decode(bytes)).not.toThrow();
    }
    expect(foldLine(line).replace(/\r\n /g, '')).toBe(line);
  });
});
