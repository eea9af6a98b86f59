import { callOffOrderMail, callOffOrderMailKey } from '@utsav/domain/call-off-refund-mail';
import { CALL_OFF_REASON } from '@utsav/domain/event-change';
import type { Db } from '../../platform/db/database';
import { enqueueOutboxOnce } from '../../platform/outbox/repo';

// A called-off night's "refund complete" mail: one per order, not one per ticket (decision 0632). The rules (which
// refunds belong together, when they are settled, the sum) are @utsav/domain/call-off-refund-mail; this is where the
// server applies them, inside the transaction that moves one of the order's refunds.
//
// Exactly one mail per order, however the news arrives (the webhook and the job, two instances at once):
// - gateway.ts moveRefund takes the order's lock before it moves a call-off refund to processed or failed. On
//   PostgreSQL (read committed) the second of two settling transactions waits for the first to commit, and its
//   reads below then see the first one's refund settled: the last refund to settle always sees all of them settled,
//   so the mail cannot be missed (without the lock each could see the other still processing, and neither mail).
//   SQLite runs one transaction at a time anyway.
// - The mail is queued under its own outbox id (callOffOrderMailKey, a primary key): two transactions that both
//   see every refund settled queue it once. Its row staying in the outbox also says, later, that the order's mail
//   went: a refund an admin retried after that (decision 0628) is then mailed on its own, as any refund.

export type CallOffMailOutcome =
  /** The order's mail covers this refund's completion (queued now, or due when the others settle). */
  | 'order-mail'
  /** The order's mail was queued before this refund settled: it has its own mails, as any refund. */
  | 'own-mails';

export const CALL_OFF_MAIL_KIND = 'call-off-refunds-completed';

/** In the transaction that moved one of the order's call-off refunds, with the order's lock held. */
export async function settleCallOffOrder(trx: Db, orderId: string, now: Date): Promise<CallOffMailOutcome> {
  const key = callOffOrderMailKey(orderId);
  const queued = await trx.selectFrom('outbox').select('id').where('id', '=', key).executeTakeFirst();
  if (queued) return 'own-mails';
  const rows = await trx
    .selectFrom('refunds')
    .select(['id', 'order_id', 'reason', 'status', 'attempts', 'refund_amount_paise'])
    .where('order_id', '=', orderId)
    .where('reason', '=', CALL_OFF_REASON)
    .execute();
  const mail = callOffOrderMail(
    orderId,
    rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      reason: row.reason,
      status: row.status,
      attempts: row.attempts,
      amountPaise: row.refund_amount_paise,
    })),
  );
  if (mail.due) {
    // The refunds it covers are named: a refund processed after this (an admin's retry) is not listed twice.
    await enqueueOutboxOnce(
      trx,
      key,
      CALL_OFF_MAIL_KIND,
      { orderId, refundIds: mail.completed.map((refund) => refund.id) },
      now,
    );
  }
  return 'order-mail';
}
