import { can } from '@utsav/domain/roles';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/db/schema';
import { renderTaxInvoicePdf } from '../../platform/documents/tax-invoice-pdf';
import { AppError } from '../../platform/errors';
import { findOrderByRazorpayId } from '../../stores/orders';
import { type TaxDocumentView, toDocumentView, toPdfInput } from './presenter';
import { findTaxDocumentBySource, findTaxDocumentNumber } from './repo';
import { issueOrderDocument } from './sale';

// GET /tickets/orders/{orderId}/document: the order's document, for its buyer or staff; anyone else is told the
// order does not exist (a Razorpay order id is not a secret worth confirming). A paid order whose job has not run
// yet gets its document made now: issuing is once per order, so the job then finds it made.

export const NO_DOCUMENT = 'This order has no tax document (nothing was paid for it)';

export async function orderDocument(
  ctx: AppContext,
  caller: UserRow,
  razorpayOrderId: string,
): Promise<TaxDocumentView> {
  const order = await findOrderByRazorpayId(ctx.db, razorpayOrderId);
  if (!order || (order.user_id !== caller.id && !can(caller, 'tax:view'))) {
    throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  }
  let row = await findTaxDocumentBySource(ctx.db, `order:${order.id}`);
  if (!row && order.status === 'paid') row = (await issueOrderDocument(ctx, order.id)) ?? undefined;
  if (!row) throw new AppError('NOT_FOUND', NO_DOCUMENT);
  const refersTo = row.refers_to ? await findTaxDocumentNumber(ctx.db, row.refers_to) : null;
  return toDocumentView(row, refersTo);
}

export function documentPdf(view: TaxDocumentView): Promise<Uint8Array> {
  return renderTaxInvoicePdf(toPdfInput(view));
}
