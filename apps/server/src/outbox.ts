import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { adminMailHandlers } from './modules/admin/mail-handlers';
import { eventChangeMailHandlers } from './modules/event-change/mail-handlers';
import { invitationMailHandlers } from './modules/invitations/mail-handlers';
import { guestMessageMailHandlers } from './modules/messages/mail-handlers';
import { paymentMailHandlers } from './modules/payments/mail-handlers';
import { purchaseMailHandlers } from './modules/purchase/mail-handlers';
import { refundMailHandlers } from './modules/refunds/mail-handlers';
import { reminderMailHandlers } from './modules/reminders/mail-handlers';
import { resaleMailHandlers } from './modules/resale/mail-handlers';
import { taxDocumentHandlers } from './modules/tax-documents/handlers';
import { transferMailHandlers } from './modules/transfers/mail-handlers';
import { waitlistMailHandlers } from './modules/waitlist/mail-handlers';
import type { AppContext } from './platform/context';
import { createMailer } from './platform/mail/transport';
import { createOutboxWorker, type OutboxHandler, type OutboxWorker } from './platform/outbox/worker';

// Composition of the outbox: one mailer, one worker, and the handlers every module contributes for the
// kinds of rows it enqueues. Started when the server is ready, drained and closed before it stops.

/** How long a shutdown waits for the mail being made before releasing its row to another instance. */
export const OUTBOX_STOP_GRACE_MS = 4000;

export function registerOutbox(app: FastifyInstance, ctx: AppContext): OutboxWorker {
  const mailer = createMailer({
    smtpUrl: ctx.config.smtpUrl,
    from: ctx.config.mailFrom,
    outboxDir: join(ctx.config.dataDir, 'outbox'),
  });
  const handlers: Record<string, OutboxHandler> = {
    ...purchaseMailHandlers(ctx, mailer),
    ...adminMailHandlers(ctx, mailer),
    ...paymentMailHandlers(ctx, mailer),
    ...refundMailHandlers(ctx, mailer),
    ...reminderMailHandlers(ctx, mailer),
    ...resaleMailHandlers(ctx, mailer),
    ...transferMailHandlers(ctx, mailer),
    ...waitlistMailHandlers(ctx, mailer),
    ...invitationMailHandlers(ctx, mailer),
    ...eventChangeMailHandlers(ctx, mailer),
    ...guestMessageMailHandlers(ctx, mailer),
    ...taxDocumentHandlers(ctx),
  };
  const worker = createOutboxWorker({
    db: ctx.db,
    log: ctx.log,
    handlers,
    intervalMs: ctx.config.outboxIntervalMs,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => {
    // Within the process's ten seconds of shutdown (main.ts): a mail still being made after this is released.
    await worker.stop({ graceMs: OUTBOX_STOP_GRACE_MS });
    await mailer.close();
  });
  return worker;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker; tests call `app.outbox.drain()` instead of waiting for its timer. */
    outbox: OutboxWorker;
  }
}
