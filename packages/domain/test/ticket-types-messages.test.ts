import { describe, expect, it } from 'vitest';
import gu from '../src/messages/gu.json' with { type: 'json' };
import hi from '../src/messages/hi.json' with { type: 'json' };
import { ORDER_ITEMS_MESSAGES } from '../src/order-items-schema';
import { PROMO_MESSAGES } from '../src/promo-codes';
import { PROMO_CODE_MESSAGES } from '../src/promo-codes-schema';
import { TICKET_TYPE_MESSAGES } from '../src/ticket-types-schema';

// Every sentence the ticket-type, promo-code and order-items rules can answer has its Hindi and Gujarati.
const sentences = [
  ...Object.values(TICKET_TYPE_MESSAGES),
  ...Object.values(PROMO_MESSAGES),
  ...Object.values(PROMO_CODE_MESSAGES),
  ...Object.values(ORDER_ITEMS_MESSAGES),
  'Hidden must be on or off',
  'Paused must be on or off',
  'Active must be on or off',
  'Archived must be on or off',
];

describe('ticket types, codes and items in every language', () => {
  it.each([
    ['hi', hi as Record<string, string>],
    ['gu', gu as Record<string, string>],
  ])('%s has every sentence, with the same placeholders', (_language, catalog) => {
    for (const sentence of sentences) {
      expect(catalog[sentence], sentence).toBeTruthy();
      const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(catalog[sentence]!), sentence).toEqual(placeholders(sentence));
    }
  });
});
