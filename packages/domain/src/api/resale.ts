import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { RESALE_STATUSES } from '../resale';

// The answers of face-value resale (rules: ../resale.ts). Shapes only: see tickets.ts. Money in rupees.

/** One listing as its seller sees it. */
export const resaleListingSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** The listed ticket's id. */
    ticketId: z.string(),
    /** Its printed code, for the seller's list. */
    ticketCode: z.string(),
    status: z.enum(RESALE_STATUSES),
    /** What the seller gets back once it sells: paid less the fee. */
    refundAmount: z.number(),
    fee: z.number(),
    /** What the buyer pays: the ticket's face value. */
    price: z.number(),
    listedAt: z.string(),
    /** When listings close (and this one with them, unsold). */
    closesAt: z.string(),
    soldAt: z.string().nullable(),
    /** The seller's refund, once the listing sold and a refund was due. */
    refundId: z.string().nullable(),
  }),
);
export type ResaleListing = z.infer<typeof resaleListingSchema>;

/** POST /tickets/{id}/resale and DELETE /tickets/{id}/resale. */
export const resaleListingResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    listing: resaleListingSchema,
  }),
);

/** What a guest is told before listing: whether listing is open now, the fee, and when listings close. */
export const resaleTermsSchema = lazySchema(() =>
  z.object({
    /** Resale is switched on and the cut-off has not passed. */
    open: z.boolean(),
    /** Rupees kept per resold ticket. */
    fee: z.number(),
    closeHoursBefore: z.number(),
    /** When listings close; null when there is no event. */
    closesAt: z.string().nullable(),
  }),
);
export type ResaleTerms = z.infer<typeof resaleTermsSchema>;

/** GET /tickets/my-resales: the caller's listings, newest first, and the terms a new listing would have. */
export const myResalesResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    listings: z.array(resaleListingSchema),
    terms: resaleTermsSchema,
  }),
);

/** The settings as staff see them (GET/PUT /admin/resale-settings). */
export const resaleSettingsViewSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    fee: z.number(),
    closeHoursBefore: z.number(),
  }),
);

/** One listing as staff see it: who sold, who bought, the money. */
export const adminResaleSchema = lazySchema(() =>
  resaleListingSchema.extend({
    sellerName: z.string(),
    sellerEmail: z.string(),
    ticketType: z.string().nullable(),
    buyerTicketId: z.string().nullable(),
    refundStatus: z.string().nullable(),
  }),
);

/** GET /admin/resales: every listing, and the sums. */
export const adminResalesResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    settings: resaleSettingsViewSchema,
    listings: z.array(adminResaleSchema),
    totals: z.object({
      listed: z.number(),
      sold: z.number(),
      /** Rupees refunded to sellers (queued or sent) and fees kept. */
      refunds: z.number(),
      fees: z.number(),
    }),
  }),
);
