import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

// Answers of the ticket-type calls, as the server sends them and the web reads them (rupees, ISO instants).
// GET /event's `ticketTypes`, the admin's GET/POST/PUT /admin/ticket-types, and the `lines` an order answers with
// (create-order, POST /tickets, POST /promo-codes/check, and PRICE_CHANGED's new figures).
// Shapes only (see tickets.ts): no refinements, so the answers stay on the server's quick serialisation path.

const rupees = lazySchema(() => z.number());
const instant = lazySchema(() => z.string());

/** GET /event `ticketTypes[]`: a type a guest may see, in the caller's language. */
export const publicTicketTypeSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** The price that applies now: the current phase's, else the type's. */
    price: rupees,
    /** Price per ticket from 4 of this type in one order; null: none. */
    groupPrice4: rupees.nullable(),
    admits: z.number().int(),
    colour: z.string(),
    /** The phase selling now; `left` null when it has no quantity. */
    phase: z
      .object({
        label: z.string(),
        price: rupees,
        endsAt: instant.nullable(),
        left: z.number().int().nullable(),
      })
      .nullable(),
    /** What follows once the phase ends or sells out ("₹349 after 5 Oct / after the next 42"). */
    nextPhase: z.object({ label: z.string(), price: rupees }).nullable(),
    /** Tickets of this type that can be bought now (its capacity, and the event's people: a couple pass needs 2). */
    available: z.number().int(),
    soldOut: z.boolean(),
    /** On sale by its own settings (window, not paused); stock is `soldOut`. */
    onSale: z.boolean(),
    perPersonLimit: z.number().int().nullable(),
    /** Resold tickets of this type waiting for a buyer and not yet held as anyone's offer (face-value resale). */
    resaleAvailable: z.number().int().optional(),
    /** What the next resold ticket of this type costs (its face value: the oldest listing sells first); null: none. */
    resalePrice: rupees.nullable().optional(),
  }),
);

export type PublicTicketType = z.infer<typeof publicTicketTypeSchema>;

export const adminPhaseSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    price: rupees,
    endsAt: instant.nullable(),
    quantity: z.number().int().nullable(),
    /** Tickets sold at this phase (active + used) and held at it now. */
    sold: z.number().int(),
    held: z.number().int(),
  }),
);

/** GET /admin/ticket-types `ticketTypes[]`, and the answer of POST and PUT. */
export const adminTicketTypeSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    nameHi: z.string().nullable(),
    nameGu: z.string().nullable(),
    description: z.string(),
    price: rupees,
    groupPrice4: rupees.nullable(),
    admits: z.number().int(),
    capacity: z.number().int().nullable(),
    perPersonLimit: z.number().int().nullable(),
    salesStart: instant.nullable(),
    salesEnd: instant.nullable(),
    colour: z.string(),
    hidden: z.boolean(),
    paused: z.boolean(),
    /** Kept for the tickets it sold; no longer sold or listed. */
    archived: z.boolean(),
    /** The product's single price ("Entry"): priced by the event's ticketPrice / groupPrice4. */
    isDefault: z.boolean(),
    /** 0-based place in the list. */
    position: z.number().int(),
    phases: z.array(adminPhaseSchema),
    /** Tickets sold (active + used), tickets in live holds, people those tickets admit, rupees paid for them. */
    sold: z.number().int(),
    held: z.number().int(),
    people: z.number().int(),
    revenue: rupees,
  }),
);

export type AdminTicketType = z.infer<typeof adminTicketTypeSchema>;

export const ticketTypeListAnswerSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    ticketTypes: z.array(adminTicketTypeSchema),
  }),
);

export const ticketTypeAnswerSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    ticketType: adminTicketTypeSchema,
  }),
);

/** One line of an order: one type at one price (a line straddling a phase's end is two lines). */
export const orderLineSchema = lazySchema(() =>
  z.object({
    ticketTypeId: z.string(),
    name: z.string(),
    quantity: z.number().int(),
    admits: z.number().int(),
    /** The phase these tickets are priced at; null: the type's own price. */
    phaseLabel: z.string().nullable(),
    /** Price of one ticket before the code (the phase's, or the group price from 4). */
    unitPrice: rupees,
    /** Rupees the code takes off this line in all. */
    discount: rupees,
    /** What this line costs: unitPrice × quantity − discount. */
    total: rupees,
  }),
);

export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * What create-order and POST /tickets add to the product's answer (orderId, amount, currency, key, quantity,
 * pricePerTicket, pricingTier, total, holdExpiresAt): the lines and the discount. `free` is true for a ₹0 order,
 * issued at once without a payment: it then carries the tickets' codes instead of a Razorpay order to open.
 */
export const orderLinesAnswerSchema = lazySchema(() =>
  z.object({
    lines: z.array(orderLineSchema),
    discount: rupees,
    promoCode: z.string().nullable(),
    free: z.boolean(),
  }),
);

export type OrderLinesAnswer = z.infer<typeof orderLinesAnswerSchema>;

/** PRICE_CHANGED's body adds the server's figures, so the dialog can show them and ask again. */
export const priceChangedFiguresSchema = lazySchema(() =>
  z.object({
    lines: z.array(orderLineSchema),
    discount: rupees,
    total: rupees,
  }),
);

export type PriceChangedFigures = z.infer<typeof priceChangedFiguresSchema>;
