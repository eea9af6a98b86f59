import { type MoneyLine, revenueByKey } from './revenue';

// Sales analytics arithmetic (docs/product.md#analytics): buckets keyed by IST day or hour,
// averages and rates. The server counts rows per bucket; these functions merge and round them.

/** IST is a fixed +05:30 (no daylight saving), the same offset time.ts uses. */
export const IST_OFFSET_MINUTES = 330;

export interface SalesBucket<K extends string | number> {
  /** The IST day (YYYY-MM-DD) or the IST hour (0-23), named _id as older clients read it. */
  _id: K;
  count: number;
  /** Rupees: money received in the bucket minus refunds paid out in it. */
  revenue: number;
}

/** Tickets sold in one bucket (active + used, issued in it). */
export interface SoldCount<K extends string | number> {
  key: K;
  count: number;
}

/**
 * The chart's buckets: tickets sold and revenue (@utsav/domain/revenue revenueOf, the dashboard's own rule) per key,
 * ascending by key (days sort as text, hours as numbers). A bucket with only a refund or a fee is kept.
 */
export function salesBuckets<K extends string | number>(
  sold: Iterable<SoldCount<K>>,
  money: Iterable<MoneyLine<K>>,
): SalesBucket<K>[] {
  const counts = new Map<K, number>();
  for (const part of sold) counts.set(part.key, (counts.get(part.key) ?? 0) + part.count);
  const revenue = revenueByKey(money);
  const keys = new Set<K>(counts.keys());
  for (const key of revenue.keys()) if (key !== undefined) keys.add(key);
  return [...keys]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => ({
      _id: key,
      count: counts.get(key) ?? 0,
      revenue: (revenue.get(key)?.totalPaise ?? 0) / 100,
    }));
}

/** Rupees per ticket sold, two decimals; 0 before the first sale. */
export function averageTicketValue(revenueRupees: number, ticketsSold: number): number {
  if (ticketsSold <= 0) return 0;
  return Math.round((revenueRupees / ticketsSold) * 100) / 100;
}

/**
 * Guests who bought as a percentage of guests, two decimals; 0 when there are no guests. Staff accounts
 * (volunteers, managers, admins) are not would-be buyers, so neither side counts them.
 */
export function conversionRate(guestBuyers: number, guests: number): number {
  if (guests <= 0) return 0;
  return Math.round((guestBuyers / guests) * 10_000) / 100;
}

/** Sold as a percentage of the total, one decimal (as the event's soldPercentage). */
export function soldPercentage(sold: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((sold / total) * 1000) / 10;
}
