import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ticketNameSchema } from './manual-issuance-schema';
import { fillTemplate } from './message-templates';
import { type Quote, rupeesToPaise } from './pricing';

// Payloads of the purchase calls and the price check (docs/product.md#purchase).
// The web's purchase dialog and the server run the same schemas, so a refused quantity reads the same.

/** The quantity refusal's sentence; the server recognises it (message-templates.ts) to answer in the caller's language. */
export const QUANTITY_MESSAGE = 'Please choose between 1 and {{max}} tickets';

export function quantityMessage(cap: number): string {
  return fillTemplate(QUANTITY_MESSAGE, { max: cap });
}

/** A whole number of tickets, 1..cap (the per-order cap is server configuration, default 20). */
export function quantitySchema(cap: number) {
  const message = quantityMessage(cap);
  return z.number({ error: message }).int(message).min(1, message).max(cap, message);
}

/** A sum of rupees the client showed (checked against the server's figures, never trusted). */
export const rupees = (field: string) =>
  z
    .number({ error: `${field} must be a number of rupees` })
    .finite(`${field} must be a number of rupees`)
    .min(0, `${field} must be a number of rupees`)
    .max(100_000_000, `${field} must be a number of rupees`);

export const TICKET_NAMES_MESSAGE = 'Give at most one name per ticket';

/** The create-order fields besides what is bought (quantity and price, or items: order-items-schema.ts). */
export function orderFields(cap: number) {
  return {
    amount: rupees('amount'),
    /** The convenience fee the dialog showed on top of `amount` (the tickets); checked like the amount. */
    convenienceFee: rupees('convenienceFee').optional(),
    eventId: z.string({ error: 'eventId is required' }).trim().min(1, 'eventId is required').max(128),
    eventName: z.string().max(300).optional(),
    // Informational: clients label tiers their own way ("Group 4+"); the price is judged on the amounts alone
    // and the answer carries our label.
    pricingTier: z.string({ error: 'pricingTier must be text' }).max(100).optional(),
    /**
     * Who each ticket is for, in order, under manual issuance's rule for a ticket's name; a blank or
     * missing entry prints the buyer's name (ticketHolderNames).
     */
    ticketNames: z
      .array(ticketNameSchema, { error: 'ticketNames must be a list' })
      .max(cap, TICKET_NAMES_MESSAGE)
      .optional(),
  };
}

/** POST /tickets/create-order. Money in rupees, as the client showed it; checked against the server's quote. */
export function createOrderSchema(cap: number) {
  const fields = orderFields(cap);
  return z
    .object({
      quantity: quantitySchema(cap),
      amount: fields.amount,
      convenienceFee: fields.convenienceFee,
      eventId: fields.eventId,
      eventName: fields.eventName,
      pricePerTicket: rupees('pricePerTicket'),
      pricingTier: fields.pricingTier,
      ticketNames: fields.ticketNames,
    })
    .superRefine((input, context) => {
      if (input.ticketNames && input.ticketNames.length > input.quantity) {
        context.addIssue({ code: 'custom', path: ['ticketNames'], message: TICKET_NAMES_MESSAGE });
      }
    });
}

export type CreateOrderInput = z.infer<ReturnType<typeof createOrderSchema>>;

/** POST /tickets: the booking path; the server prices it and starts the same checkout. */
export function bookingSchema(cap: number) {
  return z.object({ quantity: quantitySchema(cap) });
}

const razorpayId = (prefix: string, field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(64, `${field} is not a Razorpay id`)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), `${field} is not a Razorpay id`);

/** POST /tickets/verify-payment: what Razorpay's checkout handler receives, plus the client's quantity. */
export const verifyPaymentSchema = lazySchema(() =>
  z.object({
    razorpay_order_id: razorpayId('order', 'razorpay_order_id'),
    razorpay_payment_id: razorpayId('pay', 'razorpay_payment_id'),
    razorpay_signature: z
      .string({ error: 'razorpay_signature is required' })
      .trim()
      .min(1, 'razorpay_signature is required')
      .max(256),
    /** Informational only: the quantity always comes from the order; a different one is refused. */
    quantity: z.number().int().positive().optional(),
  }),
);

export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;

export interface ClientPrice {
  amount: number;
  pricePerTicket: number;
  /** The convenience fee shown on top of the tickets; undefined: the client showed none (an older client). */
  convenienceFee?: number | undefined;
}

/**
 * True when what the client showed is exactly what the server would charge (compared in paise). The tier
 * label is not compared: it names the price, it is not the price.
 */
export function matchesQuote(client: ClientPrice, serverQuote: Quote): boolean {
  return (
    rupeesToPaise(client.amount) === rupeesToPaise(serverQuote.total) &&
    rupeesToPaise(client.pricePerTicket) === rupeesToPaise(serverQuote.pricePerTicket)
  );
}

/** The names an order keeps for its tickets: none when every entry is blank (each ticket gets the buyer's). */
export function orderTicketNames(ticketNames: readonly string[] | undefined): string[] | null {
  return ticketNames?.some((name) => name.trim() !== '') ? [...ticketNames] : null;
}
