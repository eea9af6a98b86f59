import { useMutation } from '@tanstack/react-query';
import { DEFAULT_ORDER_QUANTITY_CAP } from '@utsav/domain/constants';
import { type CreateOrderInput, createOrderSchema } from '@utsav/domain/purchase-schema';
import { api } from '../../../lib/api-client';

export { type CreateOrderInput, createOrderSchema };

export interface CreatedOrder {
  /** Razorpay's order id (order_…). */
  orderId: string;
  /** In paise, exactly as Razorpay will charge it (the response's `amount` is rupees, per the original contract). */
  amountPaise: number;
  currency: string;
  /** The Razorpay key id the checkout opens with. */
  key: string;
  /** When the server releases the seats held for this order (ISO); null if not said. */
  holdExpiresAt: string | null;
}

/** The server answered 2xx but without success ('Failed to create order', docs/product.md#purchase). */
export class OrderNotCreatedError extends Error {
  override readonly name = 'OrderNotCreatedError';
}

interface CreateOrderResponse {
  success?: boolean;
  orderId?: unknown;
  amountPaise?: unknown;
  currency?: unknown;
  key?: unknown;
  holdExpiresAt?: unknown;
  error?: unknown;
}

/**
 * POST /tickets/create-order: the server re-prices the order, holds the tickets and opens a Razorpay order.
 * 409 PRICE_CHANGED / SOLD_OUT arrive as ApiError with the server's human message.
 */
export async function createOrder(input: CreateOrderInput, queuePass?: string | null): Promise<CreatedOrder> {
  const payload = createOrderSchema(DEFAULT_ORDER_QUANTITY_CAP).parse(input);
  // The waiting room's pass, when the person has been let in (needed only while the room is on).
  const headers = queuePass ? { 'X-Queue-Pass': queuePass } : undefined;
  const body = await api.post<CreateOrderResponse>(
    '/tickets/create-order',
    payload,
    headers ? { headers } : {},
  );
  if (
    !body?.success ||
    typeof body.orderId !== 'string' ||
    typeof body.amountPaise !== 'number' ||
    typeof body.key !== 'string'
  ) {
    throw new OrderNotCreatedError(typeof body?.error === 'string' ? body.error : 'Failed to create order');
  }
  return {
    orderId: body.orderId,
    amountPaise: body.amountPaise,
    currency: typeof body.currency === 'string' ? body.currency : 'INR',
    key: body.key,
    holdExpiresAt: typeof body.holdExpiresAt === 'string' ? body.holdExpiresAt : null,
  };
}

// Nothing is invalidated here: an order only holds tickets; the caller refetches the event when it is refused.
export function useCreateOrder() {
  return useMutation({
    mutationFn: ({ queuePass, ...input }: CreateOrderInput & { queuePass?: string | null }) =>
      createOrder(input, queuePass),
  });
}
