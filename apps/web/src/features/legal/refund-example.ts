import { DEFAULT_TICKET_PRICE } from '@utsav/domain/constants';

// The policies quote worked examples of the very rule the server applies.
export { refundAmount as exampleRefund } from '@utsav/domain/refunds';

export const EXAMPLE_PRICES = [DEFAULT_TICKET_PRICE, 500] as const;
