import type { TicketTypeRule } from './ticket-types';

// Promo codes and access codes. A code takes a percentage or an amount off each ticket of the types it names
// (none named: every type), or only unlocks hidden types (kind `unlock`). A use is one ticket the code applied
// to; `maxUses` counts them across everyone and `maxUsesPerPerson` per person, sold (active or used) plus
// held: a hold reserves its uses and gives them back when it ends, so under any concurrency a 10-use code
// discounts exactly 10 tickets (the server judges holds one after the other under the event lock with the
// uses read there). A discount never takes a ticket below ₹0, and never touches a type the code does not name.

export const PROMO_KINDS = ['percent', 'amount', 'unlock'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export interface PromoCodeRule {
  id: string;
  /** Stored normalised (normaliseCode): upper case. */
  code: string;
  kind: PromoKind;
  /** percent: whole percent 1-100; amount: paise off each ticket; unlock: 0. */
  value: number;
  /** The types it applies to (and, when hidden, reveals); empty: every type (and no hidden one). */
  ticketTypeIds: readonly string[];
  validFrom: string | null;
  validUntil: string | null;
  /** Tickets across everyone, sold + held; null: no limit. */
  maxUses: number | null;
  maxUsesPerPerson: number | null;
  /** Tickets of its types the order must contain for the code to apply; null: any. */
  minQuantity: number | null;
  active: boolean;
}

export const PROMO_CODE_MIN_LENGTH = 3;
export const PROMO_CODE_MAX_LENGTH = 32;
/** Letters, digits and hyphens, starting and ending with a letter or digit (after normalising). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?$/;

/** Codes are case-insensitive: "diwali-10 " and "DIWALI-10" are one code. */
export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isWellFormedCode(input: string): boolean {
  const code = normaliseCode(input);
  return (
    code.length >= PROMO_CODE_MIN_LENGTH &&
    code.length <= PROMO_CODE_MAX_LENGTH &&
    PROMO_CODE_PATTERN.test(code)
  );
}

/** Uses already taken (sold + held tickets): by everyone, and by the person asking. */
export interface CodeUses {
  total: number;
  person: number;
}

/** Tickets the code may still apply to for this person (Infinity without limits); never negative. */
export function usesLeft(code: Pick<PromoCodeRule, 'maxUses' | 'maxUsesPerPerson'>, uses: CodeUses): number {
  const everyone = code.maxUses === null ? Number.POSITIVE_INFINITY : code.maxUses - uses.total;
  const mine =
    code.maxUsesPerPerson === null ? Number.POSITIVE_INFINITY : code.maxUsesPerPerson - uses.person;
  return Math.max(0, Math.min(everyone, mine));
}

export type CodeRefusal =
  /** No such code (or one of another event); said the same way as a wrong one, so codes cannot be probed. */
  | 'unknown'
  | 'not-yet'
  | 'expired'
  | 'used-up'
  /** None of the chosen tickets is of a type the code applies to. */
  | 'not-for-these'
  /** Fewer tickets of its types than the code's minQuantity. */
  | 'min-quantity';

/**
 * Whether the code can be used at all at `now` by this person, before looking at the order: an inactive code
 * reads as an unknown one. The window is [validFrom, validUntil).
 */
export function codeStanding(code: PromoCodeRule | undefined, now: Date, uses: CodeUses): CodeRefusal | null {
  if (!code?.active) return 'unknown';
  const at = now.getTime();
  if (code.validFrom && at < Date.parse(code.validFrom)) return 'not-yet';
  if (code.validUntil && at >= Date.parse(code.validUntil)) return 'expired';
  if (usesLeft(code, uses) === 0) return 'used-up';
  return null;
}

/** The code applies to tickets of this type: it names it, or names none (then never a hidden type). */
export function codeAppliesTo(
  code: Pick<PromoCodeRule, 'ticketTypeIds'>,
  type: Pick<TicketTypeRule, 'id' | 'hidden'>,
): boolean {
  if (code.ticketTypeIds.length === 0) return !type.hidden;
  return code.ticketTypeIds.includes(type.id);
}

/**
 * A hidden type is sold only with a code that reveals it: one that names it, or an unlock code naming no type
 * (it opens every hidden type). A discount code naming no type discounts the visible ones and reveals nothing.
 */
export function codeReveals(
  code: Pick<PromoCodeRule, 'kind' | 'ticketTypeIds'>,
  type: Pick<TicketTypeRule, 'id' | 'hidden'>,
): boolean {
  if (!type.hidden) return false;
  if (code.ticketTypeIds.length === 0) return code.kind === 'unlock';
  return code.ticketTypeIds.includes(type.id);
}

/** Paise off one ticket of `unitPricePaise`: never more than the ticket costs. */
export function discountPerTicket(
  code: Pick<PromoCodeRule, 'kind' | 'value'>,
  unitPricePaise: number,
): number {
  if (code.kind === 'percent')
    return Math.min(unitPricePaise, Math.round((unitPricePaise * code.value) / 100));
  if (code.kind === 'amount') return Math.min(unitPricePaise, code.value);
  return 0;
}

export const PROMO_MESSAGES = {
  unknown: 'This code is not valid. Please check it and try again.',
  notYet: 'This code is not valid yet.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  notForThese: 'This code is not valid for the tickets you chose.',
  /** A template: {{count}} tickets of the code's types. */
  minQuantity: 'This code needs at least {{count}} tickets of the types it is for.',
  applied: 'Code applied.',
  /** A template: {{count}} of the chosen tickets get the discount (the code has that many uses left). */
  partly: 'Code applied to {{count}} of your tickets: it has no more uses left.',
  unlocked: 'Code accepted: more tickets are now shown.',
  tooManyChecks: 'Too many codes tried. Please wait a minute and try again.',
} as const;

/** The sentence a refusal is said with (English; the server and the web translate the template). */
export function codeRefusalMessage(
  refusal: CodeRefusal,
  minQuantity: number | null = null,
): { template: string; params?: { count: number } } {
  switch (refusal) {
    case 'unknown':
      return { template: PROMO_MESSAGES.unknown };
    case 'not-yet':
      return { template: PROMO_MESSAGES.notYet };
    case 'expired':
      return { template: PROMO_MESSAGES.expired };
    case 'used-up':
      return { template: PROMO_MESSAGES.usedUp };
    case 'not-for-these':
      return { template: PROMO_MESSAGES.notForThese };
    case 'min-quantity':
      return { template: PROMO_MESSAGES.minQuantity, params: { count: minQuantity ?? 1 } };
  }
}
