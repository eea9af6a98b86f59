import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPriceText, phaseEndText } from '../../src/features/purchase/checkout/phase-text';
import { ensureAreas } from '../../src/lib/i18n/areas';
import { i18n } from '../../src/lib/i18n/i18n';

// What a ticket type's price becomes, as the purchase dialog says it under the type (catalog area 'purchase').
beforeAll(() => ensureAreas(['purchase']));

describe("a price phase's end and what follows", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('a phase ending at midnight IST ends after the day before; any other time is said with the time', async () => {
    await i18n.changeLanguage('en');
    // 00:00 IST on 5 Oct is 18:30 UTC on 4 Oct: the 4th is the phase's last day.
    expect(phaseEndText('2026-10-04T18:30:00.000Z')).toBe('4 Oct');
    expect(phaseEndText('2026-10-05T13:30:00.000Z')).toContain('7:00');
  });

  const t = i18n.t.bind(i18n);
  const early = { label: 'Early bird', price: 249, endsAt: '2026-10-04T18:30:00.000Z', left: 42 };
  const regular = { label: 'Regular', price: 349 };

  it.each([
    [early, 'Then ₹349 (Regular) after 4 Oct or after the next 42'],
    [{ ...early, left: null }, 'Then ₹349 (Regular) after 4 Oct'],
    [{ ...early, endsAt: null }, 'Then ₹349 (Regular) after the next 42'],
    [{ ...early, endsAt: null, left: null }, 'Then ₹349 (Regular)'],
  ])('%o', async (phase, expected) => {
    await i18n.changeLanguage('en');
    expect(nextPriceText({ phase, nextPhase: regular }, t)).toBe(expected);
  });

  it('says nothing when no price follows', async () => {
    await i18n.changeLanguage('en');
    expect(nextPriceText({ phase: early, nextPhase: null }, t)).toBeNull();
    expect(nextPriceText({ phase: null, nextPhase: null }, t)).toBeNull();
  });

  it('reads in Hindi', async () => {
    await i18n.changeLanguage('hi');
    await ensureAreas(['purchase']);
    expect(nextPriceText({ phase: { ...early, endsAt: null }, nextPhase: regular }, t)).toBe(
      'फिर ₹349 (Regular) अगले 42 बिकने के बाद',
    );
  });
});
