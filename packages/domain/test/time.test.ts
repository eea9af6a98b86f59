import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatClockHour,
  formatClockTime,
  formatClockTimeWithSeconds,
  formatEventDate,
  formatIstDateTime,
  formatIstShortDate,
  formatTime,
  formatTimeRange,
  isIsoDate,
  istDate,
  istHour,
  istInstant,
  istTimeOfDay,
} from '../src/time';

describe('IST calendar', () => {
  it('the IST date turns at 18:30 UTC', () => {
    expect(istDate(new Date('2026-11-21T18:29:59.999Z'))).toBe('2026-11-21');
    expect(istDate(new Date('2026-11-21T18:30:00.000Z'))).toBe('2026-11-22');
  });

  it('reads the IST hour', () => {
    expect(istHour(new Date('2026-11-21T18:30:00.000Z'))).toBe(0);
    expect(istHour(new Date('2026-11-21T12:30:00.000Z'))).toBe(18);
  });

  it('turns IST wall-clock time into an instant', () => {
    expect(istInstant('2026-12-31', '18:30').toISOString()).toBe('2026-12-31T13:00:00.000Z');
    expect(istInstant('2026-12-31').toISOString()).toBe('2026-12-30T18:30:00.000Z');
  });

  it('validates calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-2-1')).toBe(false);
  });

  it('adds days across month ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('formats times and dates for people', () => {
    expect(formatTime('18:30')).toBe('6:30 PM');
    expect(formatTime('00:05')).toBe('12:05 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTimeRange('18:30', '22:30')).toBe('6:30 PM - 10:30 PM');
    expect(formatEventDate('2027-01-02')).toContain('2027');
  });

  it('says a clock time with its part of the day first in Hindi and Gujarati, and as the product says it in English', () => {
    expect(formatClockTime('19:00', 'en-IN')).toBe('7:00 PM');
    expect(formatClockTime('19:00', 'hi-IN')).toBe('शाम 7:00');
    expect(formatClockTime('23:30', 'hi-IN')).toBe('रात 11:30');
    expect(formatClockTime('19:00', 'gu-IN')).toBe('સાંજે 7:00');
    expect(formatClockTime('06:00', 'gu-IN')).toBe('સવારે 6:00');
  });
});

describe('formatEventDate', () => {
  it("writes every day of several years in each of the app's locales exactly as Intl does", () => {
    for (const locale of ['en-IN', 'hi-IN', 'gu-IN']) {
      const intl = new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      for (let date = '2024-01-01'; date < '2031-01-01'; date = addDays(date, 1))
        expect(formatEventDate(date, locale)).toBe(intl.format(new Date(`${date}T00:00:00.000Z`)));
    }
  });

  it('leaves other locales and dates that are not calendar days to Intl', () => {
    expect(formatEventDate('2026-10-10', 'en-US')).toBe('Saturday, October 10, 2026');
    expect(formatEventDate('2026-10-10')).toBe('Saturday, 10 October 2026');
    expect(formatEventDate('2026-10-10', 'gu-IN')).toBe('શનિવાર, 10 ઑક્ટોબર, 2026');
    const feb30 = new Date('2026-02-30T00:00:00.000Z');
    expect(formatEventDate('2026-02-30')).toBe(
      Number.isNaN(feb30.getTime())
        ? 'Invalid Date'
        : new Intl.DateTimeFormat('en-IN', { dateStyle: 'full', timeZone: 'UTC' }).format(feb30),
    );
  });
});

describe('formatClockHour', () => {
  it.each([
    ['en-IN', 0, '12 AM'],
    ['en-IN', 12, '12 PM'],
    ['en-IN', 19, '7 PM'],
    ['hi-IN', 19, 'शाम 7'],
    ['hi-IN', 23, 'रात 11'],
    ['hi-IN', 6, 'सुबह 6'],
    ['gu-IN', 20, 'રાત્રે 8'],
    ['gu-IN', 19, 'સાંજે 7'],
    ['gu-IN', 12, 'બપોરે 12'],
  ])('in %s, hour %i reads %s: the clock time without its ":00"', (locale, hour, expected) => {
    expect(formatClockHour(hour, locale)).toBe(expected);
  });

  it('refuses a number that is not an hour of the day', () => {
    expect(() => formatClockHour(24)).toThrow(RangeError);
    expect(() => formatClockHour(-1)).toThrow(RangeError);
    expect(() => formatClockHour(7.5)).toThrow(RangeError);
  });
});

describe('istTimeOfDay', () => {
  it('reads an instant on the IST wall clock, across midnight too', () => {
    expect(istTimeOfDay(new Date('2026-11-21T14:12:05.000Z'))).toBe('19:42:05');
    expect(istTimeOfDay(new Date('2026-11-21T18:45:00.000Z'))).toBe('00:15:00');
  });
});

describe('formatClockTimeWithSeconds', () => {
  it.each([
    ['en-IN', '19:42:05', '7:42:05 PM'],
    ['en-IN', '00:00:59', '12:00:59 AM'],
    ['hi-IN', '19:42:05', 'शाम 7:42:05'],
    ['gu-IN', '20:49:30', 'રાત્રે 8:49:30'],
  ])('in %s, %s reads %s: the clock time with its seconds', (locale, time, expected) => {
    expect(formatClockTimeWithSeconds(time, locale)).toBe(expected);
  });

  it('leaves anything that is not HH:MM:SS as it is', () => {
    expect(formatClockTimeWithSeconds('19:42')).toBe('19:42');
    expect(formatClockTimeWithSeconds('24:00:00')).toBe('24:00:00');
  });
});

describe('formatIstDateTime', () => {
  it('says an instant as IST date and time', () => {
    expect(formatIstDateTime(new Date('2026-12-31T13:30:00.000Z'))).toBe(
      'Thursday, 31 December 2026 at 7:00 PM IST',
    );
    expect(formatIstDateTime(new Date('2026-12-31T18:45:00.000Z'))).toBe(
      'Friday, 1 January 2027 at 12:15 AM IST',
    );
  });
});

describe('formatIstShortDate', () => {
  it("writes the IST day of instants over several years in each of the app's locales exactly as Intl does", () => {
    for (const locale of ['en-IN', 'hi-IN', 'gu-IN']) {
      const withYear = new Intl.DateTimeFormat(locale, {
        timeZone: 'Asia/Kolkata',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
      const withoutYear = new Intl.DateTimeFormat(locale, {
        timeZone: 'Asia/Kolkata',
        day: 'numeric',
        month: 'short',
      });
      for (let date = '2024-01-01'; date < '2031-01-01'; date = addDays(date, 1)) {
        // Both sides of IST's midnight: 18:29 and 18:30 UTC are different IST days.
        for (const utc of ['00:00', '18:29', '18:30']) {
          const instant = new Date(`${date}T${utc}:00.000Z`);
          expect(formatIstShortDate(instant, locale)).toBe(withYear.format(instant));
          expect(formatIstShortDate(instant, locale, false)).toBe(withoutYear.format(instant));
        }
      }
    }
  });

  it('leaves other locales and invalid instants to the caller', () => {
    expect(formatIstShortDate(new Date('2026-11-21T12:00:00.000Z'), 'en-US')).toBeNull();
    expect(formatIstShortDate(new Date('not a date'), 'en-IN')).toBeNull();
    expect(formatIstShortDate(new Date('2026-11-21T12:00:00.000Z'), 'gu-IN')).toBe('21 નવે, 2026');
  });
});

describe('formatClockTime in Hindi and Gujarati', () => {
  it('writes every minute of the day as Intl names its part of the day, the part first', () => {
    for (const locale of ['hi-IN', 'gu-IN']) {
      const intl = new Intl.DateTimeFormat(locale, {
        hour: 'numeric',
        minute: '2-digit',
        dayPeriod: 'short',
        timeZone: 'UTC',
      });
      for (let minute = 0; minute < 24 * 60; minute += 1) {
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        const parts = intl.formatToParts(new Date(`1970-01-01T${time}:00.000Z`));
        const period = parts.find((part) => part.type === 'dayPeriod')?.value;
        const rest = parts
          .filter((part) => part.type !== 'dayPeriod')
          .map((part) => part.value)
          .join('')
          .trim();
        expect(formatClockTime(time, locale)).toBe(`${period} ${rest}`);
      }
    }
  });
});
