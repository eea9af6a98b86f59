import { GROUP_MIN_QUANTITY } from './constants';

// Pricing (docs/product.md#purchase): 1-3 tickets Individual, 4+ group price when the event has one.

export type PricingTier = 'Individual' | 'Group';

export interface PricedEvent {
  ticketPrice: number;
  groupPrice4?: number | null | undefined;
}

export interface Quote {
  quantity: number;
  pricingTier: PricingTier;
  pricePerTicket: number;
  total: number;
  /** (ticketPrice − group price) × quantity; 0 on the individual tier. */
  saving: number;
}

export function hasGroupPrice(event: PricedEvent): boolean {
  return typeof event.groupPrice4 === 'number' && event.groupPrice4 > 0;
}

export function quote(event: PricedEvent, quantity: number): Quote {
  const group = quantity >= GROUP_MIN_QUANTITY && hasGroupPrice(event);
  const pricePerTicket = group ? (event.groupPrice4 as number) : event.ticketPrice;
  return {
    quantity,
    pricingTier: group ? 'Group' : 'Individual',
    pricePerTicket,
    total: roundRupees(pricePerTicket * quantity),
    saving: group ? roundRupees((event.ticketPrice - pricePerTicket) * quantity) : 0,
  };
}

/** Rupees may carry paise (₹249.50); keep two decimals without float noise. */
export function roundRupees(value: number): number {
  return Math.round(value * 100) / 100;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

// Made once, on first use: toLocaleString builds a new Intl.NumberFormat on every call.
const rupeeFormats: Partial<Record<'whole' | 'paise', Intl.NumberFormat>> = {};
function rupeeFormat(decimals: boolean): Intl.NumberFormat {
  const kind = decimals ? 'paise' : 'whole';
  rupeeFormats[kind] ??= new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: decimals ? 2 : 0,
    maximumFractionDigits: decimals ? 2 : 0,
  });
  return rupeeFormats[kind];
}

/** Digits grouped as en-IN writes them: the last three, then pairs (12,34,567). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * An amount of rupees with at most two decimals, not negative, written by hand exactly as Intl's en-IN
 * writes it (test/pricing.test.ts compares them): a phone's first Intl formatter loads ICU's data, a long
 * task in the landing page's first render. Null for any other number, which Intl writes.
 */
function writtenByHand(rupees: number, decimals: boolean): string | null {
  const paise = Math.round(rupees * 100);
  if (!(rupees >= 0) || paise > Number.MAX_SAFE_INTEGER || Math.abs(rupees * 100 - paise) > 1e-6) return null;
  if (!decimals) return groupIndian(String(Math.round(rupees)));
  return `${groupIndian(String(Math.floor(paise / 100)))}.${String(paise % 100).padStart(2, '0')}`;
}

/**
 * A whole number that is not negative with Indian grouping (12,34,567), as Intl's en-IN, hi-IN and gu-IN write
 * it, without asking Intl (its first formatter costs a phone's first render dearly); null for any other
 * number, which the caller gives to Intl.
 */
export function groupedIndian(value: number): string | null {
  return Number.isSafeInteger(value) && value >= 0 ? groupIndian(String(value)) : null;
}

/** ₹1,234 — rupees without decimals as the analytics panel shows them; decimals kept when present elsewhere. */
export function formatRupees(rupees: number, options: { decimals?: boolean } = {}): string {
  const decimals = options.decimals ?? !Number.isInteger(rupees);
  return `₹${writtenByHand(rupees, decimals) ?? rupeeFormat(decimals).format(rupees)}`;
}
