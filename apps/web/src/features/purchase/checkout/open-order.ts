import type { Checkout } from '@utsav/domain/api/purchase';

// The checkout this dialog already started: a guest who dismisses the payment window and taps Pay again pays
// the same order, so no second hold is placed. A second hold would keep seats from others for 15 minutes, and
// with the per-person cap (MAX_TICKETS_PER_PERSON) the retry of a large order would be refused outright.

export interface OpenOrder {
  /** Whose order it is (their email): someone who signs in after them on this phone never pays it. */
  person: string;
  quantity: number;
  /** Rupees, as quoted when the order was created. */
  total: number;
  /** Who each ticket is for, as sent with the order: the server keeps them on it. */
  names?: readonly string[];
  /** The types, quantities and code of an order of ticket types (order-plan.ts orderKey). */
  key?: string;
  /** The business's GST details sent with it, as JSON ('' for none): the server keeps them on the order. */
  business?: string;
  order: Checkout;
}

/** Time the guest needs in the payment window: an order whose hold ends sooner is not reused. */
export const REUSE_MARGIN_MS = 2 * 60_000;

/** The open order, if it is for exactly this selection and its hold has time left; else null. */
export function reusableOrder(
  open: OpenOrder | null,
  selection: Omit<OpenOrder, 'order'>,
  now: number,
): Checkout | null {
  if (!open || open.person !== selection.person) return null;
  if (open.quantity !== selection.quantity || open.total !== selection.total) return null;
  if ((open.key ?? '') !== (selection.key ?? '')) return null;
  if ((open.business ?? '') !== (selection.business ?? '')) return null;
  // Names are printed from the order's own copy, so other names need another order.
  if (JSON.stringify(open.names ?? []) !== JSON.stringify(selection.names ?? [])) return null;
  const expiresAt = Date.parse(open.order.holdExpiresAt);
  if (Number.isNaN(expiresAt) || expiresAt - now < REUSE_MARGIN_MS) return null;
  return open.order;
}
