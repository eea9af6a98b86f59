import { useMutation } from '@tanstack/react-query';
import { type Checkout, checkoutSchema } from '@utsav/domain/api/purchase';
import { DEFAULT_ORDER_QUANTITY_CAP } from '@utsav/domain/constants';
import { type CreateOrderInput, createOrderSchema } from '@utsav/domain/purchase-schema';
import { api } from '../../../lib/api-client';

export { type CreateOrderInput, createOrderSchema };

/** The server answered 2xx but not with an order ('Failed to create order', docs/product.md#purchase). */
export class OrderNotCreatedError extends Error {
  override readonly name = 'OrderNotCreatedError';
}

/**
 * POST /tickets/create-order: the server re-prices the order, holds the tickets and opens a Razorpay order.
 * 409 PRICE_CHANGED / SOLD_OUT arrive as ApiError with the server's human message.
 */
export async function createOrder(input: CreateOrderInput, queuePass?: string | null): Promise<Checkout> {
  const payload = createOrderSchema(DEFAULT_ORDER_QUANTITY_CAP).parse(input);
  // The waiting room's pass, when the person has been let in (needed only while the room is on).
  const headers = queuePass ? { 'X-Queue-Pass': queuePass } : undefined;
  const body = await api.post<unknown>('/tickets/create-order', payload, headers ? { headers } : {});
  const order = checkoutSchema.safeParse(body);
  if (!order.success) throw new OrderNotCreatedError('Failed to create order');
  return order.data;
}

// Nothing is invalidated here: an order only holds tickets; the caller refetches the event when it is refused.
export function useCreateOrder() {
  return useMutation({
    mutationFn: ({ queuePass, ...input }: CreateOrderInput & { queuePass?: string | null }) =>
      createOrder(input, queuePass),
  });
}
