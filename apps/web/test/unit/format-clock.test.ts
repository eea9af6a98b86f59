import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../src/lib/i18n/i18n';
import { formatClock, formatHour, formatInstant, formatTimeOfDay } from '../../src/ui/format';

// The admin's event preview shows the hours as guests see them on the landing page, in emails and PDFs
// (domain formatClockTime): the product's "7:00 PM" in English, the part of the day first in Hindi and Gujarati.
describe("the admin's clock", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it.each([
    ['en', '19:00', '7:00 PM'],
    ['en', '23:30', '11:30 PM'],
    ['hi', '19:00', 'शाम 7:00'],
    ['gu', '19:00', 'સાંજે 7:00'],
    ['gu', '20:49', 'રાત્રે 8:49'],
  ])('%s %s -> %s', async (language, time, expected) => {
    await i18n.changeLanguage(language);
    expect(formatClock(time)).toBe(expected);
  });

  it('leaves a value that is not a time as it is', async () => {
    await i18n.changeLanguage('gu');
    expect(formatClock('late')).toBe('late');
  });
});

// The analytics chart's hour axis reads like that clock, without the ":00" (domain formatClockHour).
describe("the admin chart's hours", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it.each([
    ['en', 20, '8 PM'],
    ['en', 0, '12 AM'],
    ['hi', 20, 'रात 8'],
    ['gu', 20, 'રાત્રે 8'],
    ['gu', 17, 'સાંજે 5'],
  ])('%s hour %i -> %s', async (language, hour, expected) => {
    await i18n.changeLanguage(language);
    expect(formatHour(hour)).toBe(expected);
  });
});

// An instant (a purchase, a scan, a last login) on Mumbai's calendar, its time through that same clock.
describe('an instant', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it.each([
    ['en', '2026-11-21T15:19:00.000Z', '21 Nov 2026, 8:49 PM'],
    ['en', '2026-11-21T18:45:00.000Z', '22 Nov 2026, 12:15 AM'],
    ['hi', '2026-11-21T15:19:00.000Z', '21 नव॰ 2026, रात 8:49'],
    ['gu', '2026-11-21T15:19:00.000Z', '21 નવે, 2026, રાત્રે 8:49'],
  ])('%s %s -> %s', async (language, iso, expected) => {
    await i18n.changeLanguage(language);
    expect(formatInstant(iso)).toBe(expected);
  });

  it('shows the fallback for no instant or one that is not a date', () => {
    expect(formatInstant(null)).toBe('—');
    expect(formatInstant('soon', 'never')).toBe('never');
  });
});

// A live figure's freshness (the gates panel): the same clock with its seconds.
describe('a time of day with seconds', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it.each([
    ['en', '7:42:05 PM'],
    ['hi', 'शाम 7:42:05'],
    ['gu', 'સાંજે 7:42:05'],
  ])('%s -> %s', async (language, expected) => {
    await i18n.changeLanguage(language);
    expect(formatTimeOfDay(new Date('2026-11-21T14:12:05.000Z'), { seconds: true })).toBe(expected);
  });
});
