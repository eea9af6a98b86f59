import { EVENT_MESSAGES } from '@utsav/domain/event-schema';
import { addDays, istDate } from '@utsav/domain/time';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/identity', () => ({ getIdToken: vi.fn(async () => null), signOut: vi.fn() }));

const { filenameFromDisposition } = await import('../../src/lib/api-client');
const { niceMax } = await import('../../src/features/admin/analytics/components/bar-chart');
const { fallbackZipName } = await import('../../src/features/admin/manual-issuance/api/download-ticket-pdfs');
const { searchGuests } = await import('../../src/features/admin/manual-issuance/components/recipient-picker');
const { initialValues, mapFieldErrors, validateEvent } = await import(
  '../../src/features/admin/event-manager/components/event-form-values'
);

describe('admin helpers', () => {
  it('reads the file name of a Content-Disposition header, RFC 5987 form first', () => {
    expect(filenameFromDisposition('attachment; filename="priya-shah-2026-11-21.zip"')).toBe(
      'priya-shah-2026-11-21.zip',
    );
    expect(filenameFromDisposition('attachment; filename="x.zip"; filename*=UTF-8\'\'Priya%20Shah.zip')).toBe(
      'Priya Shah.zip',
    );
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('names a zip after the recipient and the IST date when the server names none', () => {
    expect(fallbackZipName('Priya Shah', new Date('2026-11-21T20:00:00Z'))).toBe(
      'priya-shah-tickets-2026-11-22.zip',
    );
    expect(fallbackZipName('   ', new Date('2026-11-21T00:00:00Z'))).toBe('tickets-tickets-2026-11-21.zip');
  });

  it('rounds a chart axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(6)).toBe(10);
    expect(niceMax(1494)).toBe(2000);
    expect(niceMax(2092)).toBe(2500);
    expect(niceMax(4200)).toBe(5000);
  });

  it('finds at most ten guests by name or email, ignoring case', () => {
    const guests = Array.from({ length: 30 }, (_, index) => ({
      id: String(index),
      name: `Guest ${index}`,
      email: `guest${index}@example.test`,
    }));
    expect(searchGuests(guests, '')).toHaveLength(10);
    expect(searchGuests(guests, 'GUEST2@').map((guest) => guest.id)).toEqual(['2']);
    expect(searchGuests(guests, 'guest 1').map((guest) => guest.id)).toEqual([
      '1',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
    ]);
  });

  it('checks the event form with the shared schema and its messages', () => {
    const empty = validateEvent(initialValues(null));
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.errors.name).toBe(EVENT_MESSAGES.name);
      expect(empty.errors.date).toBe(EVENT_MESSAGES.dateRequired);
      expect(empty.errors.groupPrice4).toBe(EVENT_MESSAGES.groupPrice4);
      // No sample venue: the organiser names the place.
      expect(empty.errors.venue).toBe(EVENT_MESSAGES.venue);
    }
    const yesterday = addDays(istDate(new Date()), -1);
    const past = validateEvent({
      ...initialValues(null),
      date: yesterday,
      startTime: '22:00',
      endTime: '21:00',
    });
    expect(past.ok).toBe(false);
    if (!past.ok) {
      expect(past.errors.date).toBe(EVENT_MESSAGES.datePast);
      expect(past.errors.endTime).toBe(EVENT_MESSAGES.endAfterStart);
    }
    const good = validateEvent({
      ...initialValues(null),
      name: 'Garba Night',
      description: 'Dance',
      venue: 'Community Hall, Pune',
      date: addDays(istDate(new Date()), 30),
      groupPrice4: '249',
      totalTickets: '500',
      features: ' Live dhol, , Food stalls ',
    });
    expect(good.ok && good.event.features).toEqual(['Live dhol', 'Food stalls']);
    // A too-long venue keeps its limit, so the catalog's one sentence can name it in every language.
    const long = validateEvent({ ...initialValues(null), venue: 'v'.repeat(301) });
    expect(!long.ok && long.errors.venue).toEqual({ message: EVENT_MESSAGES.tooLong, params: { max: 300 } });
  });

  it('maps server details onto form fields and drops unknown ones', () => {
    expect(
      mapFieldErrors([
        { field: 'eventImage', message: EVENT_MESSAGES.image },
        { field: 'nonsense', message: 'x' },
      ]),
    ).toEqual({ eventImage: EVENT_MESSAGES.image });
  });
});
