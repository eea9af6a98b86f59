import type { Db } from '../platform/db/database';
import type { PaymentEventsTable } from '../platform/db/schema';

// Razorpay's webhook deliveries, recorded once handled (modules/payments/webhook-service.ts), or together with
// the tickets a delivery issued (modules/purchase/fulfilment.ts), in that commit.

export async function paymentEventSeen(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('payment_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** First delivery wins; a duplicate arriving concurrently is simply not recorded twice. */
export async function recordPaymentEvent(db: Db, row: PaymentEventsTable): Promise<void> {
  await db
    .insertInto('payment_events')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
