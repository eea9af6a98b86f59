import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { orderItemsSchema } from './order-items-schema';
import { isWellFormedCode, normaliseCode, PROMO_CODE_MAX_LENGTH, PROMO_KINDS } from './promo-codes';
import { istDateTimeField } from './ticket-types-schema';

// POST /admin/promo-codes, PUT /admin/promo-codes/{id} and POST /promo-codes/check. The Promo Codes panel, the
// purchase dialog and the server run these schemas. Rupees at the API (an amount code's value), paise stored.

export const PROMO_CODE_MESSAGES = {
  /** PROMO_CODE_MIN_LENGTH-PROMO_CODE_MAX_LENGTH, written out so the catalogs can find the sentence. */
  code: 'Code must be 3-32 letters, digits or hyphens',
  kind: 'Kind must be percent, amount or unlock',
  percent: 'A percentage must be a whole number from 1 to 100',
  amount: 'An amount must be a number of rupees greater than 0',
  validUntilAfterFrom: 'The code must end after it starts',
  maxUses: 'Uses must be a whole number greater than 0',
  minQuantity: 'Minimum quantity must be a whole number greater than 0',
  ticketTypeIds: 'ticketTypeIds must be a list of ticket type ids',
  codeExists: 'Another code of this event already has this text',
} as const;

const M = PROMO_CODE_MESSAGES;

/** A code as typed: trimmed and upper-cased, letters, digits and hyphens. */
export const promoCodeTextSchema = lazySchema(() =>
  z
    .string({ error: M.code })
    .max(PROMO_CODE_MAX_LENGTH + 20, M.code)
    .refine(isWellFormedCode, M.code)
    .transform(normaliseCode),
);

const count = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value),
    z.number({ error: message }).int(message).min(1, message).max(1_000_000, message).nullable(),
  );

export const promoCodeInputSchema = lazySchema(() =>
  z
    .object({
      code: promoCodeTextSchema,
      kind: z.enum(PROMO_KINDS, { error: M.kind }),
      /** percent: 1-100; amount: rupees off each ticket; unlock: ignored (stored 0). */
      value: z
        .preprocess(
          (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
          z.number({ error: M.amount }).finite(M.amount),
        )
        .optional(),
      ticketTypeIds: z
        .array(z.string().trim().min(1).max(128), { error: M.ticketTypeIds })
        .max(100, M.ticketTypeIds)
        .default([])
        .transform((ids) => [...new Set(ids)]),
      validFrom: istDateTimeField,
      validUntil: istDateTimeField,
      maxUses: count(M.maxUses).optional(),
      maxUsesPerPerson: count(M.maxUses).optional(),
      minQuantity: count(M.minQuantity).optional(),
      active: z.boolean({ error: 'Active must be on or off' }).default(true),
    })
    .superRefine((input, ctx) => {
      const value = input.value;
      if (
        input.kind === 'percent' &&
        (value === undefined || !Number.isInteger(value) || value < 1 || value > 100)
      ) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: M.percent });
      }
      if (input.kind === 'amount' && (value === undefined || value <= 0 || value > 10_000_000)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: M.amount });
      }
      if (
        input.validFrom &&
        input.validUntil &&
        Date.parse(input.validUntil) <= Date.parse(input.validFrom)
      ) {
        ctx.addIssue({ code: 'custom', path: ['validUntil'], message: M.validUntilAfterFrom });
      }
    })
    .transform((input) => ({ ...input, value: input.kind === 'unlock' ? 0 : (input.value ?? 0) })),
);

export type PromoCodeInput = z.infer<typeof promoCodeInputSchema>;

/**
 * POST /promo-codes/check: the code and the tickets chosen so far (none yet is fine: an access code answers with
 * the hidden types it opens before anything is chosen).
 */
export function promoCheckSchema(cap: number) {
  return z.object({
    code: z.string({ error: M.code }).max(PROMO_CODE_MAX_LENGTH + 20, M.code),
    items: orderItemsSchema(cap, { allowEmpty: true }).default([]),
  });
}

export type PromoCheckInput = z.infer<ReturnType<typeof promoCheckSchema>>;
