import { randomUUID } from 'node:crypto';
import { fitsPersonLimit } from '@utsav/domain/person-limit';
import { signTicketToken } from '@utsav/domain/qr-token';
import { RECIPIENT_CAP_MESSAGE, transferRefusal, transferredReason } from '@utsav/domain/transfer';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { TransferRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type Message, msg, renderMessage } from '../../platform/i18n/messages';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { lockEvent } from '../../stores/events';
import { findTicketView, paidTicketRow } from '../../stores/tickets';
import { findUserByEmail, insertUserIfAbsent } from '../../stores/users';
import type { CapturedPayment } from '../payments/captured-payment';
import { allowanceOf } from '../purchase/person-limit';
import { eventWithKeys } from '../tickets/ticket-signing';
import { refundTransferFee } from './fee-refunds';
import {
  findTransferById,
  insertTransferredTicket,
  lockTransfer,
  markTransferCompleted,
  markTransferFailed,
  revokeForTransfer,
} from './repo';

// Completing a paid transfer, exactly once, whoever gets there first (verify-payment or the webhook).
// One transaction under the event lock: the sender's ticket is revoked by a conditional update (still active,
// not transferred), the recipient's account is found or created as manual issuance does, and a new ticket
// with a new signed QR is issued to them. Seats do not move: one active ticket replaces another, so the
// inventory invariant holds by construction; the lock serialises this with the recipient's own checkouts for
// the per-person cap. If the ticket can no longer be transferred (scanned at the gate meanwhile, say) or the
// recipient has reached the cap, the transfer fails and its fee is refunded in full after the commit.

export type TransferOutcome =
  | { outcome: 'completed'; transfer: TransferRow }
  | { outcome: 'failed'; transfer: TransferRow; reason: Message };

export async function completeTransfer(
  ctx: AppContext,
  transferId: string,
  payment: CapturedPayment,
): Promise<TransferOutcome> {
  const transfer = await findTransferById(ctx.db, transferId);
  if (!transfer) throw new AppError('ORDER_NOT_FOUND', 'Transfer not found');
  if (transfer.status === 'completed') return { outcome: 'completed', transfer };
  const ticket = await findTicketView(ctx.db, transfer.ticket_id);
  if (!ticket) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
  const event = await eventWithKeys(ctx, ticket.event_id);
  const now = ctx.now();
  const newTicketId = randomUUID();
  // Signed before the transaction: Ed25519 must not be spent holding the event lock.
  const qrToken = signTicketToken({ ticketId: newTicketId, eventId: event.id }, event.qr_private_key!);

  const decision = await transaction(ctx.db, async (trx): Promise<{ failed?: Message }> => {
    await lockEvent(trx, event.id);
    const current = await lockTransfer(trx, transfer.id);
    if (!current) throw new AppError('ORDER_NOT_FOUND', 'Transfer not found');
    if (current.status === 'completed') return {};
    if (current.status !== 'created')
      return { failed: msg(current.failure_reason ?? 'The transfer failed.') };

    const recipient = await findOrCreateRecipient(trx, current, now);
    const allowance = await allowanceOf(trx, ctx, recipient.id, event.id, now);
    const refusal = !fitsPersonLimit(allowance, 1)
      ? msg(RECIPIENT_CAP_MESSAGE, { limit: allowance.limit })
      : null;
    // The reason is data (English, as every stored reason); screens and exports word it from the transfer.
    const revoked = refusal
      ? false
      : await revokeForTransfer(trx, current.ticket_id, transferredReason(current.recipient_name), now);
    if (!revoked) {
      const fresh = await findTicketView(trx, current.ticket_id);
      const reason =
        refusal ??
        msg(
          transferRefusal({
            status: fresh?.status ?? 'cancelled',
            transferredAt: fresh?.transferred_at ?? null,
            resoldAt: fresh?.resold_at ?? null,
          }) ?? 'The ticket could not be transferred.',
        );
      await markTransferFailed(trx, current.id, renderMessage(reason, 'en'), payment.id, now);
      // The fee's invoice and, as the fee goes back, its credit note (modules/tax-documents/credits.ts).
      await enqueueOutbox(trx, 'tax-document', { transferId: current.id }, now);
      await recordAudit(
        trx,
        {
          actorUserId: null,
          action: 'transfer.failed',
          entity: 'transfer',
          entityId: current.id,
          data: { reason: renderMessage(reason, 'en') },
        },
        now,
      );
      return { failed: reason };
    }

    const stamp = now.toISOString();
    const issued = paidTicketRow(
      {
        id: newTicketId,
        qr_token: qrToken,
        order_id: null,
        seq: 1,
        event_id: event.id,
        user_id: recipient.id,
        holder_name: current.recipient_name,
        price_paise: ticket.price_paise,
        transferred_at: null,
        transferred_from_ticket_id: current.ticket_id,
        // The same pass as the sender's: its type, phase, code use, the people it admits and the price paid.
        ticket_type_id: ticket.ticket_type_id ?? null,
        phase_id: ticket.phase_id ?? null,
        promo_code_id: ticket.promo_code_id ?? null,
        admits: ticket.admits ?? 1,
        discount_paise: ticket.discount_paise ?? 0,
      },
      stamp,
    );
    await insertTransferredTicket(trx, issued);
    const completed = await markTransferCompleted(
      trx,
      current.id,
      { recipientUserId: recipient.id, newTicketId, paymentId: payment.id },
      now,
    );
    if (!completed) throw new Error(`transfer ${current.id} changed under its lock`);
    // Both emails, queued with the change they report.
    await enqueueOutbox(trx, 'transfer-completed', { transferId: current.id }, now);
    // The fee kept is a service taxed at the rate: its invoice (modules/tax-documents/credits.ts).
    await enqueueOutbox(trx, 'tax-document', { transferId: current.id }, now);
    await recordAudit(
      trx,
      {
        actorUserId: current.from_user_id,
        action: 'ticket.transferred',
        entity: 'ticket',
        entityId: current.ticket_id,
        data: { transferId: current.id, newTicketId, recipientUserId: recipient.id, paymentId: payment.id },
      },
      now,
    );
    return {};
  });

  const settled = (await findTransferById(ctx.db, transfer.id))!;
  if (decision.failed === undefined) return { outcome: 'completed', transfer: settled };
  // Replays find the refund already recorded; the refund job follows it from there.
  if (!settled.razorpay_refund_id) await refundTransferFee(ctx, settled, payment.id);
  return { outcome: 'failed', transfer: settled, reason: decision.failed };
}

/** The recipient's account, created as a guest when new (linked on their first sign-in, as manual issuance). */
async function findOrCreateRecipient(
  trx: Parameters<typeof findUserByEmail>[0],
  transfer: TransferRow,
  now: Date,
): Promise<UserRow> {
  const existing = await findUserByEmail(trx, transfer.recipient_email);
  if (existing && !existing.deleted_at) return existing;
  if (existing) throw new AppError('CONFLICT', 'That email belongs to a deleted account.');
  const stamp = now.toISOString();
  const id = randomUUID();
  if (
    await insertUserIfAbsent(trx, {
      id,
      firebase_uid: null,
      email: transfer.recipient_email,
      name: transfer.recipient_name,
      photo_url: null,
      phone: null,
      role: 'guest',
      created_at: stamp,
      updated_at: stamp,
      last_login_at: null,
    })
  ) {
    await recordAudit(
      trx,
      { actorUserId: null, action: 'user.created', entity: 'user', entityId: id, data: { via: 'transfer' } },
      now,
    );
  }
  const user = await findUserByEmail(trx, transfer.recipient_email);
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  return user;
}
