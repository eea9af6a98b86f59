import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../src/event-schema';
import {
  TICKET_TYPE_MESSAGES as M,
  ticketTypeInputSchema,
  ticketTypeOrderSchema,
} from '../src/ticket-types-schema';

const valid = { name: 'Couple pass', price: 599, admits: 2 };

function errors(input: unknown) {
  const parsed = ticketTypeInputSchema.safeParse(input);
  return parsed.success ? [] : fieldErrors(parsed.error).map(({ field, message }) => [field, message]);
}

describe('a ticket type as the editor and the server accept it', () => {
  it('needs only a name and a price; the rest has defaults', () => {
    expect(ticketTypeInputSchema.parse({ name: ' Entry ', price: 0 })).toEqual({
      name: 'Entry',
      description: '',
      price: 0,
      admits: 1,
      hidden: false,
      paused: false,
      archived: false,
      phases: [],
    });
  });

  it('reads form strings as numbers and empty fields as none', () => {
    expect(
      ticketTypeInputSchema.parse({
        ...valid,
        price: '599',
        groupPrice4: '',
        capacity: '100',
        perPersonLimit: null,
      }),
    ).toMatchObject({ price: 599, groupPrice4: null, capacity: 100, perPersonLimit: null });
  });

  it('takes IST wall-clock dates and stores instants', () => {
    const parsed = ticketTypeInputSchema.parse({ ...valid, salesStart: '2026-10-01T19:00', salesEnd: '' });
    expect(parsed.salesStart).toBe('2026-10-01T13:30:00.000Z');
    expect(parsed.salesEnd).toBeNull();
  });

  it.each([
    [{ name: '' }, 'name', M.name],
    [{ price: -1 }, 'price', M.price],
    [{ price: 'free' }, 'price', M.price],
    [{ groupPrice4: 0 }, 'groupPrice4', M.groupPrice4],
    [{ admits: 0 }, 'admits', M.admits],
    [{ admits: 1.5 }, 'admits', M.admits],
    [{ admits: 21 }, 'admits', M.admits],
    [{ capacity: 0 }, 'capacity', M.capacity],
    [{ perPersonLimit: -2 }, 'perPersonLimit', M.perPersonLimit],
    [{ salesStart: 'tomorrow' }, 'salesStart', M.dateTime],
    [{ colour: 'red' }, 'colour', M.colour],
    [{ salesStart: '2026-10-02T10:00', salesEnd: '2026-10-02T10:00' }, 'salesEnd', M.salesEndAfterStart],
    [{ phases: [{ label: '', price: 1 }] }, 'phases.0.label', M.phaseLabel],
    [{ phases: [{ label: 'A', price: 1, quantity: 0 }] }, 'phases.0.quantity', M.phaseQuantity],
  ])('refuses %j on its field', (change, field, message) => {
    expect(errors({ ...valid, ...change })).toContainEqual([field, message]);
  });

  it('only the last phase may run without an end', () => {
    const phases = [
      { label: 'Early bird', price: 249 },
      { label: 'Regular', price: 349 },
    ];
    expect(errors({ ...valid, phases })).toEqual([['phases.0.endsAt', M.phaseOpenEndedNotLast]]);
    expect(errors({ ...valid, phases: [{ ...phases[0], quantity: 300 }, phases[1]] })).toEqual([]);
  });

  it('dated phases end in order', () => {
    const phases = [
      { label: 'Early bird', price: 249, endsAt: '2026-10-05T00:00' },
      { label: 'Regular', price: 349, endsAt: '2026-10-05T00:00' },
      { label: 'At the gate', price: 449 },
    ];
    expect(errors({ ...valid, phases })).toEqual([['phases.1.endsAt', M.phaseEndsInOrder]]);
  });

  it('at most 10 phases', () => {
    const phases = Array.from({ length: 11 }, (_, i) => ({ label: `P${i}`, price: 100 + i, quantity: 10 }));
    expect(errors({ ...valid, phases })).toEqual([['phases', M.phasesTooMany]]);
  });

  it('the new order lists each type once', () => {
    expect(ticketTypeOrderSchema.safeParse({ ids: ['a', 'b'] }).success).toBe(true);
    expect(ticketTypeOrderSchema.safeParse({ ids: ['a', 'a'] }).success).toBe(false);
    expect(ticketTypeOrderSchema.safeParse({ ids: [] }).success).toBe(false);
  });
});
