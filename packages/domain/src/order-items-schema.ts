import { z } from 'zod';
import { checkoutAnswersSchema } from './checkout-answers';
import { lazySchema } from './lazy-schema';
import { PROMO_CODE_MAX_LENGTH } from './promo-codes';
import {
  orderFields,
  quantityMessage,
  quantitySchema,
  rupees,
  TICKET_NAMES_MESSAGE,
} from './purchase-schema';
import { checkoutBuyerTaxFields, refineBuyerTaxDetails } from './tax-settings-schema';

// What an order buys: the product's `quantity` of the default type, or `items` of one or more types, with an
// optional promo code. POST /tickets/create-order, POST /tickets (the booking path) and the purchase dialog run
// these schemas. The product's payload without `items` keeps every rule and message it had (purchase-schema.ts).

export const ORDER_ITEMS_MESSAGES = {
  items: 'Choose at least one ticket',
  ticketTypeId: 'ticketTypeId is required',
  repeated: 'List each ticket type once',
  quantityMismatch: 'quantity must be the number of tickets in items',
  promoCode: 'Promo code is too long',
} as const;

const M = ORDER_ITEMS_MESSAGES;

/** Types one order may name at most. */
export const MAX_ORDER_ITEMS = 10;

/** `items`: each type once, each quantity 1..cap, the whole order at most `cap` tickets. */
export function orderItemsSchema(cap: number, options: { allowEmpty?: boolean } = {}) {
  return z
    .array(
      z.object({
        ticketTypeId: z
          .string({ error: M.ticketTypeId })
          .trim()
          .min(1, M.ticketTypeId)
          .max(128, M.ticketTypeId),
        quantity: quantitySchema(cap),
      }),
      { error: M.items },
    )
    .min(options.allowEmpty ? 0 : 1, M.items)
    .max(MAX_ORDER_ITEMS, M.items)
    .superRefine((items, ctx) => {
      const ids = items.map((item) => item.ticketTypeId);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: M.repeated });
      if (ticketsIn(items) > cap) ctx.addIssue({ code: 'custom', message: quantityMessage(cap) });
    });
}

export type OrderItemsInput = z.infer<ReturnType<typeof orderItemsSchema>>;

const promoCodeField = lazySchema(() =>
  z
    .string({ error: M.promoCode })
    .max(PROMO_CODE_MAX_LENGTH + 20, M.promoCode)
    .transform((code) => (code.trim() === '' ? undefined : code))
    .optional(),
);

/**
 * POST /tickets/create-order with items: `quantity` and `pricePerTicket` become optional (a mixed order has no
 * one price per ticket; `amount` is what the client checks against), and when given, `quantity` must be the
 * order's tickets. Without items the product's fields are required exactly as before, with the same messages.
 */
export function createOrderItemsSchema(cap: number) {
  return z
    .object({
      quantity: quantitySchema(cap).optional(),
      ...orderFields(cap),
      pricePerTicket: rupees('pricePerTicket').optional(),
      items: orderItemsSchema(cap).optional(),
      promoCode: promoCodeField,
      /** Buy resold tickets (face value, one type) instead of new ones: the dialog's "Resale" choice. */
      resale: z.boolean({ error: 'resale must be true or false' }).optional(),
      /** Answers to the checkout questions (checkout-answers.ts judges them against the order). */
      answers: checkoutAnswersSchema.optional(),
      ...checkoutBuyerTaxFields,
    })
    .superRefine((input, ctx) => {
      refineBuyerTaxDetails(input, ctx);
      if (!input.items) {
        if (input.quantity === undefined)
          ctx.addIssue({ code: 'custom', path: ['quantity'], message: quantityMessage(cap) });
        if (input.pricePerTicket === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['pricePerTicket'],
            message: 'pricePerTicket must be a number of rupees',
          });
      }
      const tickets = input.items ? ticketsIn(input.items) : (input.quantity ?? 0);
      if (input.items && input.quantity !== undefined && input.quantity !== tickets)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: M.quantityMismatch });
      if (input.ticketNames && input.ticketNames.length > tickets)
        ctx.addIssue({ code: 'custom', path: ['ticketNames'], message: TICKET_NAMES_MESSAGE });
    });
}

/** What a client sends (the buyer's GST fields may be left out). */
export type CreateOrderItemsInput = z.input<ReturnType<typeof createOrderItemsSchema>>;

/** POST /tickets (the booking path): the product's `{ quantity }`, or items, with an optional code. */
export function bookingItemsSchema(cap: number) {
  return z
    .object({
      quantity: quantitySchema(cap).optional(),
      items: orderItemsSchema(cap).optional(),
      promoCode: promoCodeField,
      answers: checkoutAnswersSchema.optional(),
      ...checkoutBuyerTaxFields,
    })
    .superRefine((input, ctx) => {
      refineBuyerTaxDetails(input, ctx);
      if (!input.items && input.quantity === undefined)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: quantityMessage(cap) });
      if (input.items && input.quantity !== undefined && input.quantity !== ticketsIn(input.items))
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: M.quantityMismatch });
    });
}

export function ticketsIn(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
