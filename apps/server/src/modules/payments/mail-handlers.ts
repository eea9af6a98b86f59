import { isLanguage } from '@utsav/domain/languages';
import type { AppContext } from '../../platform/context';
import { lateRefundEmail } from '../../platform/mail/templates/refunds';
import type { Mailer } from '../../platform/mail/transport';
import { stringField } from '../../platform/outbox/payload';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findOrderById } from '../../stores/orders';
import { findUserById } from '../../stores/users';

// The mail of a late payment's refund (payment-refunds.ts), sent by the outbox worker after the refund was
// recorded. It reloads the order and its buyer: a retry days later still mails current facts.

export function paymentMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  return {
    'late-payment-refunded': async (payload, { id }) => {
      const order = await findOrderById(ctx.db, stringField(payload, 'orderId'));
      if (!order) throw new Error('late-payment order not found');
      const user = await findUserById(ctx.db, order.user_id);
      if (!user) return; // the account was deleted since: nobody to tell
      const event = await ctx.db
        .selectFrom('events')
        .select('name')
        .where('id', '=', order.event_id)
        .executeTakeFirst();
      const message = lateRefundEmail({
        to: {
          name: user.name,
          email: user.email,
          language: isLanguage(user.language) ? user.language : undefined,
        },
        eventName: event?.name ?? 'the event',
        amount: order.amount_paise / 100,
        quantity: order.quantity,
        orderRef: order.razorpay_order_id ?? order.id,
        paymentId: order.razorpay_payment_id ?? undefined,
        organiser: await ctx.organiser(),
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
  };
}
