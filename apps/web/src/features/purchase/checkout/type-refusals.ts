import { type PriceChangedFigures, priceChangedFiguresSchema } from '@utsav/domain/api/ticket-types';
import type { OrderItem } from '@utsav/domain/order-lines';
import { ApiError } from '../../../lib/api-client';

// A refused order of ticket types, read back onto the dialog: which type's line the server's sentence belongs
// under (it is already in the reader's language, and names the type), and PRICE_CHANGED's new figures.

export const TYPE_REFUSALS = [
  'TICKET_TYPE_SOLD_OUT',
  'TICKET_TYPE_NOT_ON_SALE',
  'TICKET_TYPE_LIMIT',
] as const;

export function isTypeRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    ((TYPE_REFUSALS as readonly (string | undefined)[]).includes(error.code) ||
      (error.code === 'VALIDATION_FAILED' &&
        (error.details ?? []).some((detail) => /^items\.\d+/.test(detail.field))))
  );
}

export function isCodeRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'PROMO_CODE_INVALID';
}

/**
 * The type a refusal is about: the id the body names, else the item its field points at (items.1.quantity),
 * else the type whose name the sentence says (the longest name found, so "Couple pass VIP" wins over "Couple
 * pass"); null when none can be told.
 */
export function refusedTypeId(
  error: ApiError,
  items: readonly OrderItem[],
  names: ReadonlyMap<string, string>,
): string | null {
  const body = error.body as { ticketTypeId?: unknown } | undefined;
  if (typeof body?.ticketTypeId === 'string') return body.ticketTypeId;
  for (const detail of error.details ?? []) {
    const index = /^items\.(\d+)/.exec(detail.field)?.[1];
    const item = index === undefined ? undefined : items[Number(index)];
    if (item) return item.ticketTypeId;
  }
  let found: { id: string; length: number } | null = null;
  for (const [id, name] of names) {
    if (name && error.message.includes(name) && (!found || name.length > found.length))
      found = { id, length: name.length };
  }
  return found?.id ?? null;
}

/** The sentence to show under the line: a field's message when the refusal came as one, else the error's. */
export function refusalText(error: ApiError): string {
  const detail = (error.details ?? []).find((entry) => /^items\.\d+/.test(entry.field));
  return detail?.message ?? error.message;
}

/** PRICE_CHANGED of an order of types carries the server's lines, discount and total. */
export function priceChangedFigures(error: unknown): PriceChangedFigures | null {
  if (!(error instanceof ApiError) || error.code !== 'PRICE_CHANGED') return null;
  const figures = (error.body as { figures?: unknown } | undefined)?.figures;
  const parsed = priceChangedFiguresSchema.safeParse(figures);
  return parsed.success ? parsed.data : null;
}
