import {
  CANCELLATION_DEDUCTION_PER_TICKET,
  DEFAULT_TICKET_PRICE,
  MIN_REFUND_PER_TICKET,
} from '@utsav/domain/constants';

// Worked examples quoted by the cancellation and refund policies. The amount a real cancellation refunds is
// decided by the server; this only illustrates the published rule (price − deduction, at least ₹1 a ticket).
export function exampleRefund(pricePerTicket: number, tickets = 1): number {
  return Math.max(MIN_REFUND_PER_TICKET, pricePerTicket - CANCELLATION_DEDUCTION_PER_TICKET) * tickets;
}

export const EXAMPLE_PRICES = [DEFAULT_TICKET_PRICE, 500] as const;
