import { randomUUID } from 'node:crypto';
import { type ManualPrice, manualIssuancePrice } from '@utsav/domain/manual-issuance-price';
import {
  MANUAL_ISSUANCE_MESSAGES,
  type ManualIssuanceInput,
  manualRecipient,
  ticketHolderNames,
} from '@utsav/domain/manual-issuance-schema';
import { paiseToRupees } from '@utsav/domain/pricing';
import { newTicketCode } from '@utsav/domain/ticket-code';
import { ticketsFittingPeople, typeTicketsLeft } from '@utsav/domain/ticket-types';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/database';
import { transaction } from '../../platform/db/database';
import type { EventRow, TicketRow, UserRow } from '../../platform/db/schema';
import type { TaxDocumentKind } from '../../platform/db/schema-tax';
import { AppError, validationError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { countTaken, findCurrentEvent, lockEvent } from '../../stores/events';
import { findEventTypes, type StoredType, takenOf } from '../../stores/ticket-types';
import type { TicketView } from '../../stores/tickets';
import { findUserByEmail, findUserById, insertUserIfAbsent } from '../../stores/users';
import { readExact } from '../purchase/sales-snapshot';
import { issueStaffSaleDocumentWithin } from '../tax-documents/sale';
import { withQrImages } from '../tickets/qr-images';
import { type EventSigningKey, eventSigner, eventWithKeys } from '../tickets/ticket-signing';
import { findTicketViewsByIds, insertTickets } from './tickets-repo';

// Manual issuance (docs/product.md#manual-issuance): tickets for cash or direct-UPI buyers and guests of the house.
// One transaction under the event lock: the recipient (created as a guest when new), the tickets, the audit
// entry, the sale's tax document when payment was received, and the outbox row for the email, so the mail is sent
// exactly when the tickets exist.

export interface ManualIssuance {
  user: UserRow;
  isNewUser: boolean;
  tickets: TicketView[];
  totalAmount: number;
  pricePerTicket: number;
  pricingTier: string;
  paymentDone: boolean;
  ticketType: StoredType;
  phaseLabel: string | null;
  /** The sale's document when payment was received for priced tickets (issued with them), else null. */
  document: { number: string; kind: TaxDocumentKind } | null;
}

function soldOut(available: number): AppError {
  return new AppError(
    'SOLD_OUT',
    available === 0
      ? 'No tickets are available to issue.'
      : msg('Only {{count}} tickets are available to issue.', { count: available }),
  );
}

/** The type named, or the event's default; an unknown or archived type is a 400 on the field. */
async function issuedType(db: Db, eventId: string, input: ManualIssuanceInput): Promise<StoredType> {
  const types = await findEventTypes(db, eventId);
  const type = input.ticketTypeId
    ? types.find((candidate) => candidate.id === input.ticketTypeId)
    : types.find((candidate) => candidate.isDefault);
  if (!type || type.archived)
    throw validationError([{ field: 'ticketTypeId', message: MANUAL_ISSUANCE_MESSAGES.ticketType }]);
  return type;
}

/**
 * Judges `quantity` tickets of `type` on exact figures (sold + live holds, people for the event and tickets for
 * the type) and prices them. Hidden, paused and out-of-window types may be issued by staff; only stock binds.
 * Hand-issued tickets take no phase quantity, so the phase only sets the price.
 */
async function judged(
  db: Db,
  event: EventRow,
  type: StoredType,
  input: ManualIssuanceInput,
  now: Date,
): Promise<ManualPrice> {
  const [taken, counters] = await Promise.all([
    countTaken(db, event.id, now),
    readExact(db, event.id, now.toISOString()),
  ]);
  const typeTaken = takenOf(counters, type);
  const fitting = ticketsFittingPeople(Math.max(0, event.total_tickets - taken), type.admits);
  if (input.quantity > fitting) throw soldOut(fitting);
  const typeLeft = typeTicketsLeft(type, typeTaken);
  if (input.quantity > typeLeft) {
    throw new AppError(
      'TICKET_TYPE_SOLD_OUT',
      typeLeft === 0
        ? msg('No {{name}} tickets are available to issue.', { name: type.name })
        : msg('Only {{count}} {{name}} tickets are available to issue.', {
            count: typeLeft,
            name: type.name,
          }),
      // No field details: the quantity typed was valid when the form was filled, the stock moved since. The desk
      // reads the sentence in a toast, as it reads the event's SOLD_OUT, not a field error to correct.
    );
  }
  return manualIssuancePrice(type, typeTaken, input.quantity, now, input.free);
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

  const type = await issuedType(ctx.db, event.id, input);
  // Refused before signing anything: "no maximum" must not let a typo sign a million tokens.
  await judged(ctx.db, event, type, input, now);

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

  // Signed before the transaction: Ed25519 per ticket must not be spent holding the event lock.
  // node:crypto's Ed25519 (modules/tickets/ticket-signing.ts), not the domain's pure-JS one: a few hundred µs less per
  // ticket on the event loop, the same token bytes.
  const signer = eventSigner(event.id, event.qr_private_key!);
  const drafts = await draftTickets(event, signer, caller, input, type, recipientName, now);

  // Read before the transaction: a document names the organiser, and ctx.organiser() reads outside it.
  const organiser = input.paymentDone ? await ctx.organiser() : null;
  const { user, isNewUser, price, document } = await transaction(ctx.db, async (trx) => {
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

    // Invariants, judged again under the event lock that every hold and issuance takes (so no other writer moves
    // these figures meanwhile): people admitted (active + used tickets × admits) + live holds <= total_tickets, and
    // the type's tickets sold + held <= its capacity. The price is the one that applies at this moment.
    const price = await judged(trx, event, type, input, now);

    const owner = user;
    await insertTickets(
      trx,
      drafts.map((ticket) => ({ ...ticket, user_id: owner.id, price_paise: price.pricePerTicketPaise })),
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
          ticketTypeId: type.id,
          pricePerTicketPaise: price.pricePerTicketPaise,
          free: input.free,
          paymentDone: input.paymentDone,
          notes: input.notes ?? null,
        },
      },
      now,
    );
    // The lead's mail handler renders the PDF and sends it after the commit.
    await enqueueOutbox(trx, 'manual-issuance', { ticketIds, userId: owner.id, issuerId: caller.id }, now);
    // Payment received for tickets with a price: a sale, documented in this transaction with its number
    // (decision 1408), so the answer can name it and a failed issuance leaves no document and no used number.
    const document =
      input.paymentDone && price.pricePerTicketPaise > 0
        ? await issueStaffSaleDocumentWithin(trx, organiser, { ticketIds, userId: owner.id }, now)
        : null;
    return { user: owner, isNewUser, price, document };
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
    totalAmount: paiseToRupees(price.totalPaise),
    pricePerTicket: paiseToRupees(price.pricePerTicketPaise),
    pricingTier: price.pricingTier,
    paymentDone: input.paymentDone,
    ticketType: type,
    phaseLabel: price.phaseLabel,
    document: document ? { number: document.number, kind: document.kind } : null,
  };
}

/** Tickets signed per turn of the event loop: a few ms, then waiting requests run. */
const SIGNED_PER_TURN = 64;

async function draftTickets(
  event: EventRow,
  signer: EventSigningKey,
  caller: UserRow,
  input: ManualIssuanceInput,
  type: StoredType,
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
      price_paise: 0, // priced in the transaction, under the event lock
      ticket_type_id: type.id,
      // No phase and no code: hand-issued tickets take neither a phase's quantity nor a code's use.
      phase_id: null,
      promo_code_id: null,
      admits: type.admits,
      discount_paise: 0,
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
