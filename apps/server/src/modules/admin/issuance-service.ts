import { randomUUID } from 'node:crypto';
import {
  type ManualIssuanceInput,
  manualRecipient,
  ticketHolderNames,
} from '@utsav/domain/manual-issuance-schema';
import { paiseToRupees, quote, rupeesToPaise } from '@utsav/domain/pricing';
import { newTicketCode } from '@utsav/domain/ticket-code';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { EventRow, TicketRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { countTaken, findCurrentEvent, lockEvent } from '../../stores/events';
import type { TicketView } from '../../stores/tickets';
import { findUserByEmail, findUserById, insertUserIfAbsent } from '../../stores/users';
import { withQrImages } from '../tickets/qr-images';
import { type EventSigningKey, eventSigner, eventWithKeys } from '../tickets/ticket-signing';
import { findTicketViewsByIds, insertTickets } from './tickets-repo';

// Manual issuance (docs/product.md#manual-issuance): tickets for cash or direct-UPI buyers and guests of the house.
// One transaction under the event lock: the recipient (created as a guest when new), the tickets, the audit
// entry and the outbox row for the email, so the mail is sent exactly when the tickets exist.

export interface ManualIssuance {
  user: UserRow;
  isNewUser: boolean;
  tickets: TicketView[];
  totalAmount: number;
  pricePerTicket: number;
  pricingTier: string;
  paymentDone: boolean;
}

function soldOut(available: number): AppError {
  return new AppError(
    'SOLD_OUT',
    available === 0
      ? 'No tickets are available to issue.'
      : msg('Only {{count}} tickets are available to issue.', { count: available }),
  );
}

export async function issueManualTickets(
  ctx: AppContext,
  caller: UserRow,
  input: ManualIssuanceInput,
): Promise<ManualIssuance> {
  const current = await findCurrentEvent(ctx.db);
  if (!current)
    throw new AppError(
      'EVENT_NOT_FOUND',
      'No Event Found - Please create an event first before issuing tickets.',
    );
  const event = await eventWithKeys(ctx, current.id);
  const now = ctx.now();

  // Refused before signing anything: "no maximum" must not let a typo sign a million tokens.
  const availableNow = event.total_tickets - (await countTaken(ctx.db, event.id, now));
  if (input.quantity > availableNow) throw soldOut(Math.max(0, availableNow));

  const recipient = manualRecipient(input);
  let existing: UserRow | undefined;
  if (recipient.kind === 'existing') {
    existing = await findUserById(ctx.db, recipient.userId);
    if (!existing) throw new AppError('USER_NOT_FOUND', 'User not found');
  } else {
    const byEmail = await findUserByEmail(ctx.db, recipient.email);
    // The same address typed as a "new user" is that user: tickets go to the one account (isNewUser false).
    if (byEmail && !byEmail.deleted_at) existing = byEmail;
  }
  const recipientName = existing?.name ?? (recipient.kind === 'new' ? recipient.name : 'Guest');

  const price = quote(
    {
      ticketPrice: paiseToRupees(event.ticket_price_paise),
      groupPrice4: event.group_price4_paise === null ? null : paiseToRupees(event.group_price4_paise),
    },
    input.quantity,
  );
  // Signed before the transaction: Ed25519 per ticket must not be spent holding the event lock.
  // node:crypto's Ed25519 (modules/tickets/ticket-signing.ts), not the domain's pure-JS one: a few hundred µs less per
  // ticket on the event loop, the same token bytes.
  const signer = eventSigner(event.id, event.qr_private_key!);
  const drafts = await draftTickets(event, signer, caller, input, price.pricePerTicket, recipientName, now);

  const { user, isNewUser } = await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    let user = existing;
    let isNewUser = false;
    if (!user && recipient.kind === 'new') {
      const stamp = now.toISOString();
      const id = randomUUID();
      // firebase_uid stays null: the person's first sign-in with this verified email links the row (auth).
      const inserted = await insertUserIfAbsent(trx, {
        id,
        firebase_uid: null,
        email: recipient.email,
        name: recipient.name,
        photo_url: null,
        phone: null,
        role: 'guest',
        created_at: stamp,
        updated_at: stamp,
        last_login_at: null,
      });
      user = await findUserByEmail(trx, recipient.email);
      if (!user || user.deleted_at)
        throw new AppError('CONFLICT', 'That email belongs to a deleted account.');
      isNewUser = inserted;
      if (inserted) {
        await recordAudit(
          trx,
          {
            actorUserId: caller.id,
            action: 'user.created',
            entity: 'user',
            entityId: id,
            data: { via: 'manual-issuance' },
          },
          now,
        );
      }
    }
    if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');

    // Invariant: active + used + live holds <= total_tickets, checked again under the event lock.
    const available = event.total_tickets - (await countTaken(trx, event.id, now));
    if (drafts.length > available) throw soldOut(Math.max(0, available));

    const owner = user;
    await insertTickets(
      trx,
      drafts.map((ticket) => ({ ...ticket, user_id: owner.id })),
    );
    const ticketIds = drafts.map((ticket) => ticket.id);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'tickets.issued_manually',
        entity: 'user',
        entityId: owner.id,
        data: {
          ticketIds,
          quantity: drafts.length,
          pricePerTicketPaise: rupeesToPaise(price.pricePerTicket),
          paymentDone: input.paymentDone,
          notes: input.notes ?? null,
        },
      },
      now,
    );
    // The lead's mail handler renders the PDF and sends it after the commit.
    await enqueueOutbox(trx, 'manual-issuance', { ticketIds, userId: owner.id, issuerId: caller.id }, now);
    return { user: owner, isNewUser };
  });

  const issued = await findTicketViewsByIds(
    ctx.db,
    drafts.map((ticket) => ticket.id),
  );
  return {
    user,
    isNewUser,
    // The answer carries every ticket's QR image: made a few at a time between other requests, and kept.
    tickets: await withQrImages(ctx, issued),
    totalAmount: price.total,
    pricePerTicket: price.pricePerTicket,
    pricingTier: price.pricingTier,
    paymentDone: input.paymentDone,
  };
}

/** Tickets signed per turn of the event loop: a few ms, then waiting requests run. */
const SIGNED_PER_TURN = 64;

async function draftTickets(
  event: EventRow,
  signer: EventSigningKey,
  caller: UserRow,
  input: ManualIssuanceInput,
  pricePerTicket: number,
  recipientName: string,
  now: Date,
): Promise<TicketRow[]> {
  const stamp = now.toISOString();
  const notes = input.notes?.trim() || null;
  const drafts: TicketRow[] = [];
  const names = ticketHolderNames(input.ticketNames, input.quantity, recipientName);
  for (const [index, holderName] of names.entries()) {
    // Hundreds of signatures in one go held every other request back: a turn for them every few dozen.
    if (index > 0 && index % SIGNED_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const id = randomUUID();
    drafts.push({
      id,
      ticket_code: newTicketCode(),
      // No order: UNIQUE(order_id, seq) never collides on NULL order ids, on either engine.
      order_id: null,
      seq: index + 1,
      event_id: event.id,
      user_id: '', // set in the transaction, once the recipient row is known
      holder_name: holderName,
      price_paise: rupeesToPaise(pricePerTicket),
      status: 'active',
      qr_token: signer.sign(id),
      issued_by_admin: 1,
      issued_by_user_id: caller.id,
      notes,
      payment_received: input.paymentDone ? 1 : 0,
      used_at: null,
      scanned_by_user_id: null,
      cancelled_at: null,
      cancellation_reason: null,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  return drafts;
}
