import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { PROMO_KINDS } from '../promo-codes';
import { orderLineSchema, publicTicketTypeSchema } from './ticket-types';

// Answers of the promo-code calls: the admin's GET/POST/PUT /admin/promo-codes (with each code's use) and the
// purchase dialog's POST /promo-codes/check.

const rupees = lazySchema(() => z.number());

/** A code's use: tickets it applied to (sold, active or used), their orders, the discount given, revenue. */
export const promoCodeUseSchema = lazySchema(() =>
  z.object({
    tickets: z.number().int(),
    /** Tickets reserved by live holds now (they come back if the holds end unpaid). */
    held: z.number().int(),
    orders: z.number().int(),
    discount: rupees,
    revenue: rupees,
  }),
);

export const adminPromoCodeSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    /** percent: 1-100; amount: rupees off each ticket; unlock: 0. */
    value: z.number(),
    ticketTypeIds: z.array(z.string()),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    maxUses: z.number().int().nullable(),
    maxUsesPerPerson: z.number().int().nullable(),
    minQuantity: z.number().int().nullable(),
    active: z.boolean(),
    use: promoCodeUseSchema,
  }),
);

export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;

export const promoCodeListAnswerSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    promoCodes: z.array(adminPromoCodeSchema),
  }),
);

export const promoCodeAnswerSchema = lazySchema(() =>
  z.object({ success: z.literal(true), promoCode: adminPromoCodeSchema }),
);

/**
 * POST /promo-codes/check: the chosen tickets priced with the code. `valid` false with the reason in `message`
 * (wrong, expired, used up, not for these tickets) and the lines at their prices; an access code also lists the
 * hidden types it opens, as GET /event lists the others.
 */
export const promoCheckAnswerSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    valid: z.boolean(),
    message: z.string(),
    lines: z.array(orderLineSchema),
    discount: rupees,
    total: rupees,
    unlockedTypes: z.array(publicTicketTypeSchema),
  }),
);

export type PromoCheckAnswer = z.infer<typeof promoCheckAnswerSchema>;
