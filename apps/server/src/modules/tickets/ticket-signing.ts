import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { buildTicketToken } from '@utsav/domain/qr-token';
import type { AppContext } from '../../platform/context';
import type { EventRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { findEventById, setQrKeysIfMissing } from '../../stores/events';
import { forgetCurrentEvent } from '../event/current-event';
import { newQrKeyColumns } from '../event/keys';

// Signing the QR tokens of freshly paid tickets. The domain's signTicketToken is pure JS (@noble/ed25519, a few
// hundred µs per ticket on the event loop); here the same bytes are signed with node:crypto's native Ed25519
// and a key object built once per event. Ed25519 is deterministic, so the tokens are identical. The token format
// stays in @utsav/domain/qr-token; this file only swaps the signature primitive (as checkin/qr-verifier.ts does
// for the gate's check).

export interface EventSigningKey {
  /** The QR token of ticket `ticketId` of this event. */
  sign(ticketId: string): string;
}

// A seed becomes a PKCS#8 private key by this fixed prefix (RFC 8410): no public key needed to import it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A signer for the event whose private key (base64url Ed25519 seed, as stored) is `privateKey`. */
export function eventSigner(eventId: string, privateKey: string): EventSigningKey {
  const seed = Buffer.from(privateKey, 'base64url');
  if (seed.length !== 32) throw new TypeError('An event signing key is a 32-byte Ed25519 seed');
  const key: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return {
    sign: (ticketId) => buildTicketToken({ ticketId, eventId }, (message) => sign(null, message, key)),
  };
}

// An event's key pair is written once (setQrKeysIfMissing) and never changed, so a signer kept per event id
// cannot go stale. One event per install: the map stays tiny; cleared rather than managed if it ever grows.
const signers = new Map<string, EventSigningKey>();
const MAX_CACHED_SIGNERS = 16;

/** The event's signer, reading the event (and creating its keys, for an event that predates them) only once. */
export async function eventSigningKey(ctx: AppContext, eventId: string): Promise<EventSigningKey> {
  const cached = signers.get(eventId);
  if (cached) return cached;
  const event = await eventWithKeys(ctx, eventId);
  const signer = eventSigner(event.id, event.qr_private_key!);
  if (signers.size >= MAX_CACHED_SIGNERS) signers.clear();
  signers.set(eventId, signer);
  return signer;
}

/** The event row with its QR signing keys, creating them once for an event that predates them. */
export async function eventWithKeys(ctx: AppContext, eventId: string): Promise<EventRow> {
  const event = await findEventById(ctx.db, eventId);
  if (!event) throw new AppError('EVENT_NOT_FOUND', 'Event not found');
  if (event.qr_private_key && event.qr_public_key) return event;
  await setQrKeysIfMissing(ctx.db, eventId, newQrKeyColumns());
  forgetCurrentEvent(ctx);
  return (await findEventById(ctx.db, eventId))!;
}
