import { formatRupees, paiseToRupees, type Quote, quote } from '@utsav/domain/pricing';
import type { EventRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

// The server's price of a checkout and the refusals a buyer may meet placing one.

export function quoteFor(event: EventRow, quantity: number): Quote {
  return quote(
    {
      ticketPrice: paiseToRupees(event.ticket_price_paise),
      groupPrice4: event.group_price4_paise === null ? null : paiseToRupees(event.group_price4_paise),
    },
    quantity,
  );
}

export function priceChanged(serverQuote: Quote): AppError {
  const each = formatRupees(serverQuote.pricePerTicket);
  const total = formatRupees(serverQuote.total);
  const tickets = `${serverQuote.quantity} ticket${serverQuote.quantity === 1 ? '' : 's'}`;
  return new AppError(
    'PRICE_CHANGED',
    `The price has changed: ${tickets} now cost ${total} (${each} each, ${serverQuote.pricingTier}). Please review the new price and try again. You have not been charged.`,
  );
}

export function soldOut(left: number): AppError {
  if (left <= 0) return new AppError('SOLD_OUT', 'Sorry, this event is sold out.');
  return new AppError(
    'SOLD_OUT',
    `Only ${left} ticket${left === 1 ? ' is' : 's are'} left. Please choose ${left === 1 ? '1 ticket' : `${left} or fewer`}.`,
  );
}

export function eventGone(): AppError {
  return new AppError('EVENT_NOT_FOUND', 'This event is not on sale. Please reload the page.');
}
