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

/** ₹1,234 — rupees without decimals as the analytics panel shows them; decimals kept when present elsewhere. */
export function formatRupees(rupees: number, options: { decimals?: boolean } = {}): string {
  const decimals = options.decimals ?? !Number.isInteger(rupees);
  return `₹${rupeeFormat(decimals).format(rupees)}`;
}
