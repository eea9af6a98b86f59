import { useMutation } from '@tanstack/react-query';
import { type Checkout, checkoutSchema } from '@utsav/domain/api/purchase';
import { type CheckoutAnswer, checkoutAnswersSchema } from '@utsav/domain/checkout-answers';
import { DEFAULT_ORDER_QUANTITY_CAP } from '@utsav/domain/constants';
import { type CreateOrderItemsInput, createOrderItemsSchema } from '@utsav/domain/order-items-schema';
import { type CreateOrderInput, createOrderSchema } from '@utsav/domain/purchase-schema';
import {
  type BusinessBuyerInput,
  type BuyerTaxDetails,
  buyerTaxDetailsSchema,
} from '@utsav/domain/tax-settings-schema';
import { api } from '../../../lib/api-client';

export { type CreateOrderInput, type CreateOrderItemsInput, createOrderItemsSchema, createOrderSchema };

/** The server answered 2xx but not with an order ('Failed to create order', docs/product.md#purchase). */
export class OrderNotCreatedError extends Error {
  override readonly name = 'OrderNotCreatedError';
}

/** The product's payload (a quantity at the one price), or ticket types as `items` with an optional code. */
export type OrderRequest = (
  | ({ kind: 'quantity' } & CreateOrderInput)
  | ({ kind: 'items' } & CreateOrderItemsInput)
) & {
  answers?: CheckoutAnswer[] | undefined;
  /** A business's GST details for its invoice (`buyerGstin`, `buyerLegalName`, `buyerAddress`). */
  business?: BusinessBuyerInput | undefined;
};

/**
 * POST /tickets/create-order: the server re-prices the order, holds the tickets and opens a Razorpay order (a ₹0
 * order is issued at once: `free`). 409 PRICE_CHANGED / SOLD_OUT / TICKET_TYPE_* / PROMO_CODE_INVALID arrive as
 * ApiError with the server's human message (PRICE_CHANGED of items with its figures in the body).
 */
export async function createOrder(request: OrderRequest, queuePass?: string | null): Promise<Checkout> {
  const { kind, answers, business, ...input } = request;
  const parsed =
    kind === 'items'
      ? createOrderItemsSchema(DEFAULT_ORDER_QUANTITY_CAP).parse(input)
      : createOrderSchema(DEFAULT_ORDER_QUANTITY_CAP).parse(input);
  // The product's payload schema knows no answers nor business details: they travel beside it, checked by their
  // own schemas (the server runs the same ones).
  const payload = {
    ...parsed,
    ...(answers?.length ? { answers: checkoutAnswersSchema.parse(answers) } : {}),
    ...(business ? businessFields(buyerTaxDetailsSchema.parse(business)) : {}),
  };
  // The waiting room's pass, when the person has been let in (needed only while the room is on).
  const headers = queuePass ? { 'X-Queue-Pass': queuePass } : undefined;
  const body = await api.post<unknown>('/tickets/create-order', payload, headers ? { headers } : {});
  const order = checkoutSchema.safeParse(body);
  if (!order.success) throw new OrderNotCreatedError('Failed to create order');
  return order.data;
}

/** The details as create-order names them, those left blank left out. */
function businessFields(details: BuyerTaxDetails) {
  return Object.fromEntries(
    Object.entries(details).filter(([, value]) => value !== null && value !== undefined),
  );
}

// Nothing is invalidated here: an order only holds tickets (the caller refetches the event when it is refused);
// a free order's tickets are refreshed by the caller, as a verified payment's are.
export function useCreateOrder() {
  return useMutation({
    mutationFn: ({ queuePass, ...request }: OrderRequest & { queuePass?: string | null }) =>
      createOrder(request as OrderRequest, queuePass),
  });
}
