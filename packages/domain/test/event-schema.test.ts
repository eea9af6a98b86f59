import { describe, expect, it } from 'vitest';
import {
  EVENT_MESSAGES,
  eventInputSchema,
  fieldErrors,
  imageDimensionsAllowed,
  parseFeatures,
  parseSalesOpenAt,
  sniffImageType,
} from '../src/event-schema';
import { istDateTimeLocal } from '../src/time';

const today = '2026-11-21';
const valid = {
  name: 'Garba Night',
  venue: 'NSCI Dome, Mumbai',
  description: 'A night of Garba and Raas',
  date: '2026-12-31',
  startTime: '18:30',
  endTime: '22:30',
  ticketPrice: 299,
  groupPrice4: 249,
  totalTickets: 500,
};

function errorsFor(input: Record<string, unknown>) {
  const result = eventInputSchema(today).safeParse(input);
  return result.success ? {} : Object.fromEntries(fieldErrors(result.error).map((d) => [d.field, d.message]));
}

describe('event form rules', () => {
  it('words a too-long text as one template and gives its limit to fill in', () => {
    const result = eventInputSchema(today).safeParse({
      ...valid,
      name: 'n'.repeat(201),
      venue: 'v'.repeat(301),
      aboutText: 'a'.repeat(5001),
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual([
      { field: 'name', message: EVENT_MESSAGES.tooLong, params: { max: 200 } },
      { field: 'venue', message: EVENT_MESSAGES.tooLong, params: { max: 300 } },
      { field: 'aboutText', message: EVENT_MESSAGES.tooLong, params: { max: 5000 } },
    ]);
    expect(errorsFor({ ...valid, name: '' }).name).toBe(EVENT_MESSAGES.name);
  });

  it('accepts a complete event and trims text', () => {
    const result = eventInputSchema(today).parse({
      ...valid,
      name: '  Garba Night ',
      features: 'Live band, , Food ',
    });
    expect(result.name).toBe('Garba Night');
    expect(result.features).toEqual(['Live band', 'Food']);
  });

  it.each([
    ['name', '', EVENT_MESSAGES.name],
    ['name', '   ', EVENT_MESSAGES.name],
    ['venue', undefined, EVENT_MESSAGES.venue],
    ['description', '', EVENT_MESSAGES.description],
    ['date', '', EVENT_MESSAGES.dateRequired],
    ['date', undefined, EVENT_MESSAGES.dateRequired],
    ['date', '2026-11-20', EVENT_MESSAGES.datePast],
    ['startTime', '', EVENT_MESSAGES.startRequired],
    ['startTime', '6pm', EVENT_MESSAGES.startFormat],
    ['startTime', '24:00', EVENT_MESSAGES.startFormat],
    ['endTime', undefined, EVENT_MESSAGES.endRequired],
    ['endTime', '22:5', EVENT_MESSAGES.endFormat],
    ['endTime', '18:30', EVENT_MESSAGES.endAfterStart],
    ['endTime', '17:00', EVENT_MESSAGES.endAfterStart],
    ['ticketPrice', 0, EVENT_MESSAGES.ticketPrice],
    ['ticketPrice', -5, EVENT_MESSAGES.ticketPrice],
    ['ticketPrice', 'abc', EVENT_MESSAGES.ticketPrice],
    ['ticketPrice', undefined, EVENT_MESSAGES.ticketPrice],
    ['groupPrice4', 0, EVENT_MESSAGES.groupPrice4],
    ['totalTickets', 0, EVENT_MESSAGES.totalTickets],
    ['totalTickets', 10.5, EVENT_MESSAGES.totalTickets],
    ['eventImage', 'data:image/svg+xml;base64,PHN2Zz4=', EVENT_MESSAGES.image],
    ['eventImage', 'data:text/html;base64,PGgxPg==', EVENT_MESSAGES.image],
  ])('%s = %j is refused with its message', (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('accepts today as the event date (IST)', () => {
    expect(errorsFor({ ...valid, date: today })).toEqual({});
  });

  it('accepts numbers typed as text', () => {
    expect(errorsFor({ ...valid, ticketPrice: '299', totalTickets: '500' })).toEqual({});
  });

  it('reports every bad field at once', () => {
    expect(Object.keys(errorsFor({}))).toEqual(
      expect.arrayContaining([
        'name',
        'venue',
        'description',
        'date',
        'startTime',
        'endTime',
        'ticketPrice',
        'groupPrice4',
        'totalTickets',
      ]),
    );
  });

  it('accepts a data URL image and a stored image reference', () => {
    expect(errorsFor({ ...valid, eventImage: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({});
    expect(errorsFor({ ...valid, eventImage: '/api/event/image/abc123.webp' })).toEqual({});
  });

  it('parses comma-separated features', () => {
    expect(parseFeatures(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(parseFeatures(['x', ' ', 'y'])).toEqual(['x', 'y']);
    expect(parseFeatures(undefined)).toEqual([]);
  });
});

describe('image sniffing', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a], 'png'],
    [[0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'gif'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')], 'webp'],
    [[...Buffer.from('<svg xmlns')], null],
    [[], null],
  ])('%j is %s', (bytes, type) => {
    expect(sniffImageType(new Uint8Array(bytes))).toBe(type);
  });
});

describe('sales opening time', () => {
  const base = {
    name: 'N',
    venue: 'V',
    description: 'D',
    date: '2099-10-01',
    startTime: '19:00',
    endTime: '23:00',
    ticketPrice: 299,
    groupPrice4: 249,
    totalTickets: 10,
  };
  const parse = (salesOpenAt: unknown) => eventInputSchema('2026-01-01').safeParse({ ...base, salesOpenAt });

  it('reads a form value as IST wall-clock time', () => {
    expect(parse('2099-09-01T19:00').data?.salesOpenAt).toBe('2099-09-01T13:30:00.000Z');
  });

  it('accepts back the ISO instant GET /event answers', () => {
    expect(parse('2099-09-01T13:30:00.000Z').data?.salesOpenAt).toBe('2099-09-01T13:30:00.000Z');
    expect(parse('2099-09-01T19:00:00+05:30').data?.salesOpenAt).toBe('2099-09-01T13:30:00.000Z');
  });

  it('is optional: absent, null or empty means sales are open', () => {
    expect(parse(undefined).data?.salesOpenAt).toBeUndefined();
    expect(parse(null).data?.salesOpenAt).toBeNull();
    expect(parse('').data?.salesOpenAt).toBeNull();
  });

  it.each(['tomorrow', '2099-02-30T10:00', '2099-09-01T24:00', '2099-09-01 19:00', 42])(
    'refuses %s with the field message',
    (value) => {
      const result = parse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['salesOpenAt']);
    },
  );

  it('must be before the event starts (IST)', () => {
    expect(parse('2099-10-01T18:59').success).toBe(true);
    const late = parse('2099-10-01T19:00');
    expect(late.success).toBe(false);
    expect(late.error?.issues[0]?.message).toBe('Sales must open before the event starts');
  });
});

describe('parseSalesOpenAt and istDateTimeLocal round-trip', () => {
  it('turns an instant into the form value and back', () => {
    const instant = new Date('2099-09-01T13:30:00.000Z');
    expect(istDateTimeLocal(instant)).toBe('2099-09-01T19:00');
    expect(parseSalesOpenAt(istDateTimeLocal(instant))?.toISOString()).toBe(instant.toISOString());
  });
});

describe('the event picture’s pixel size', () => {
  it('allows up to 8,000 on a side and 40 megapixels in all', () => {
    expect(imageDimensionsAllowed(8000, 5000)).toBe(true);
    expect(imageDimensionsAllowed(1, 1)).toBe(true);
    expect(imageDimensionsAllowed(8000, 5001)).toBe(false);
    expect(imageDimensionsAllowed(8001, 10)).toBe(false);
    expect(imageDimensionsAllowed(10, 8001)).toBe(false);
    expect(imageDimensionsAllowed(60_000, 60_000)).toBe(false);
  });

  it('refuses sizes that are no size', () => {
    for (const [w, h] of [
      [0, 10],
      [10, 0],
      [-1, 10],
      [1.5, 10],
      [Number.NaN, 1],
    ] as const)
      expect(imageDimensionsAllowed(w, h)).toBe(false);
  });
});
