import { describe, expect, it } from 'vitest';
import { gatesOpenTime, reminderKey, reminderStartsAt, remindersDue, venueMapUrl } from '../src/reminders';

const event = { date: '2026-10-10', startTime: '18:30' };

describe('reminders', () => {
  it('start the IST day before the event at the configured hour', () => {
    expect(reminderStartsAt(event, 10).toISOString()).toBe('2026-10-09T04:30:00.000Z');
    expect(reminderStartsAt(event, 0).toISOString()).toBe('2026-10-08T18:30:00.000Z');
  });

  it('are due from that hour until the event starts, and not a minute outside it', () => {
    expect(remindersDue(event, 10, new Date('2026-10-09T04:29:59.999Z'))).toBe(false);
    expect(remindersDue(event, 10, new Date('2026-10-09T04:30:00.000Z'))).toBe(true);
    expect(remindersDue(event, 10, new Date('2026-10-10T12:59:59.999Z'))).toBe(true);
    expect(remindersDue(event, 10, new Date('2026-10-10T13:00:00.000Z'))).toBe(false);
  });

  it('quote the gate opening time before the start, never before midnight', () => {
    expect(gatesOpenTime('18:30', 30)).toBe('18:00');
    expect(gatesOpenTime('19:00', 45)).toBe('18:15');
    expect(gatesOpenTime('00:20', 30)).toBe('00:00');
  });

  it('have one key per person and event date', () => {
    expect(reminderKey('e1', '2026-10-10', 'u1')).toBe('reminder:e1:2026-10-10:u1');
    expect(reminderKey('e1', '2026-10-11', 'u1')).not.toBe(reminderKey('e1', '2026-10-10', 'u1'));
  });

  it('link the venue to a map search', () => {
    expect(venueMapUrl('NSCI Dome, Worli')).toBe(
      'https://www.google.com/maps/search/?api=1&query=NSCI%20Dome%2C%20Worli',
    );
  });
});
