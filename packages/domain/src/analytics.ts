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

/** A partial figure for one bucket: tickets sold, or money in (positive) / out (negative) in paise. */
export interface BucketPart<K extends string | number> {
  key: K;
  count?: number | undefined;
  paise?: number | undefined;
}

/** Adds up parts per key, ascending by key (days sort as text, hours as numbers). */
export function mergeBuckets<K extends string | number>(parts: Iterable<BucketPart<K>>): SalesBucket<K>[] {
  const byKey = new Map<K, { count: number; paise: number }>();
  for (const part of parts) {
    const bucket = byKey.get(part.key) ?? { count: 0, paise: 0 };
    bucket.count += part.count ?? 0;
    bucket.paise += part.paise ?? 0;
    byKey.set(part.key, bucket);
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, bucket]) => ({ _id: key, count: bucket.count, revenue: bucket.paise / 100 }));
}

/** Rupees per ticket sold, two decimals; 0 before the first sale. */
export function averageTicketValue(revenueRupees: number, ticketsSold: number): number {
  if (ticketsSold <= 0) return 0;
  return Math.round((revenueRupees / ticketsSold) * 100) / 100;
}

/** Buyers as a percentage of users, two decimals; 0 when there are no users. */
export function conversionRate(buyers: number, users: number): number {
  if (users <= 0) return 0;
  return Math.round((buyers / users) * 10_000) / 100;
}

/** Sold as a percentage of the total, one decimal (as the event's soldPercentage). */
export function soldPercentage(sold: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((sold / total) * 1000) / 10;
}
