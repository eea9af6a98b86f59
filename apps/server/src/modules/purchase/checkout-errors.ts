import { formatRupees, paiseToRupees, type Quote, quote } from '@utsav/domain/pricing';
import type { EventRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';

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
  return new AppError(
    'PRICE_CHANGED',
    msg(
      'The price has changed: {{count}} tickets now cost {{total}} ({{each}} each). Please review the new price and try again. You have not been charged.',
      {
        count: serverQuote.quantity,
        total: formatRupees(serverQuote.total),
        each: formatRupees(serverQuote.pricePerTicket),
      },
    ),
  );
}

export function soldOut(left: number): AppError {
  if (left <= 0) return new AppError('SOLD_OUT', 'Sorry, this event is sold out.');
  return new AppError(
    'SOLD_OUT',
    msg('Only {{count}} tickets are left. Please choose {{count}} or fewer.', { count: left }),
  );
}

export function eventGone(): AppError {
  return new AppError('EVENT_NOT_FOUND', 'This event is not on sale. Please reload the page.');
}
