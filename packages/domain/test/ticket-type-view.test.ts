import { describe, expect, it } from 'vitest';
import { publicTicketTypeSchema } from '../src/api/ticket-types';
import { isListed, publicTicketType, typeAvailable } from '../src/ticket-type-view';
import { typeLabel, typeName } from '../src/ticket-types';
import { EARLY_BIRD_ENDS, garbaPhases, taken, typeRule } from './support/ticket-types';

const NOW = new Date(Date.parse(EARLY_BIRD_ENDS) - 60_000);
const female = typeRule({
  id: 'female',
  name: 'Female pass',
  nameHi: 'महिला पास',
  nameGu: 'મહિલા પાસ',
  pricePaise: 44_900,
  phases: garbaPhases(),
  perPersonLimit: 6,
});
const couple = typeRule({ id: 'couple', name: 'Couple pass', pricePaise: 59_900, admits: 2, capacity: 50 });

describe('a type as GET /event shows it', () => {
  it("the phase selling now, what follows and how many are left, in the reader's language", () => {
    const view = publicTicketType(female, taken(258, { early: 258 }), {
      now: NOW,
      peopleLeft: 5000,
      language: 'hi',
    });
    expect(view).toEqual({
      id: 'female',
      name: 'महिला पास',
      description: '',
      price: 249,
      groupPrice4: null,
      admits: 1,
      colour: '#C2410C',
      phase: { label: 'Early bird', price: 249, endsAt: EARLY_BIRD_ENDS, left: 42 },
      nextPhase: { label: 'Regular', price: 349 },
      available: 5000,
      soldOut: false,
      onSale: true,
      perPersonLimit: 6,
    });
    expect(publicTicketTypeSchema.parse(view)).toEqual(view);
  });

  it('a couple pass is sold out when one person is left; its own capacity bounds it too', () => {
    expect(publicTicketType(couple, taken(0), { now: NOW, peopleLeft: 1, language: 'en' })).toMatchObject({
      available: 0,
      soldOut: true,
      phase: null,
      nextPhase: null,
      price: 599,
    });
    expect(typeAvailable(couple, taken(48), 1000)).toBe(2);
    expect(typeAvailable(couple, taken(10), 7)).toBe(3);
  });

  it('a type with people in its own waitlist line shows none available: what comes back is theirs', () => {
    const facts = { now: NOW, peopleLeft: 500, language: 'en' as const };
    expect(publicTicketType(couple, taken(49), facts)).toMatchObject({ available: 1, soldOut: false });
    expect(publicTicketType(couple, taken(49), { ...facts, typeLineWaiting: true })).toMatchObject({
      available: 0,
      soldOut: true,
    });
  });

  it('a paused type is listed but not on sale', () => {
    expect(
      publicTicketType({ ...couple, paused: true }, taken(0), { now: NOW, peopleLeft: 9, language: 'en' })
        .onSale,
    ).toBe(false);
  });

  it('hidden and archived types are not listed', () => {
    expect(isListed(couple)).toBe(true);
    expect(isListed({ ...couple, hidden: true })).toBe(false);
    expect(isListed({ ...couple, archived: true })).toBe(false);
  });

  it('names fall back to English; the label says how many a ticket admits', () => {
    expect(typeName(couple, 'gu')).toBe('Couple pass');
    expect(typeName(female, 'gu')).toBe('મહિલા પાસ');
    expect(typeLabel('Couple pass', 2)).toBe('Couple pass · admits 2');
    expect(typeLabel('Female pass', 1)).toBe('Female pass');
  });
});
