import type { PromoCodeRule } from '../../src/promo-codes';
import type { PricePhase, TicketTypeRule, TypeTaken } from '../../src/ticket-types';

// Types, phases and codes for the pricing tests: an ordinary type unless a field says otherwise.

export function typeRule(fields: Partial<TicketTypeRule> & { id: string }): TicketTypeRule {
  return {
    name: fields.id,
    nameHi: null,
    nameGu: null,
    description: '',
    pricePaise: 29_900,
    groupPrice4Paise: null,
    admits: 1,
    capacity: null,
    perPersonLimit: null,
    salesStart: null,
    salesEnd: null,
    colour: '#C2410C',
    hidden: false,
    paused: false,
    archived: false,
    phases: [],
    ...fields,
  };
}

export function phase(fields: Partial<PricePhase> & { id: string; pricePaise: number }): PricePhase {
  return { label: fields.id, endsAt: null, quantity: null, ...fields };
}

export function codeRule(
  fields: Partial<PromoCodeRule> & Pick<PromoCodeRule, 'kind' | 'value'>,
): PromoCodeRule {
  return {
    id: 'code-1',
    code: 'GARBA',
    ticketTypeIds: [],
    validFrom: null,
    validUntil: null,
    maxUses: null,
    maxUsesPerPerson: null,
    minQuantity: null,
    active: true,
    ...fields,
  };
}

export function taken(tickets: number, phases: Record<string, number> = {}): TypeTaken {
  return { tickets, phases: new Map(Object.entries(phases)) };
}

/** "Early bird ₹249 until 5 Oct (IST midnight) or the first 300", "Regular ₹349 (first 500)", "At the gate ₹449". */
export const EARLY_BIRD_ENDS = '2026-10-04T18:30:00.000Z';
export function garbaPhases(): PricePhase[] {
  return [
    phase({ id: 'early', label: 'Early bird', pricePaise: 24_900, endsAt: EARLY_BIRD_ENDS, quantity: 300 }),
    phase({ id: 'regular', label: 'Regular', pricePaise: 34_900, quantity: 500 }),
    phase({ id: 'gate', label: 'At the gate', pricePaise: 44_900 }),
  ];
}
