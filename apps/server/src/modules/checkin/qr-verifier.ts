import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { ticketTokenSignedParts } from '@utsav/domain/qr-token';

// The server's check of a ticket QR token. The domain's verifyTicketToken is pure JS (~4 ms per call, on
// the event loop); here the same signed bytes go through node:crypto's native Ed25519 (~0.5 ms), so a busy
// gate's scans do not queue behind each other's arithmetic. The token format and its canonical-spelling
// rules stay in @utsav/domain/qr-token; this file only swaps the signature primitive.

/** Parsed public keys, by their base64url text. One event per install, so this never grows past a few. */
const keyObjects = new Map<string, KeyObject>();
const MAX_CACHED_KEYS = 16;

function keyObject(publicKey: string): KeyObject {
  let key = keyObjects.get(publicKey);
  if (!key) {
    // Throws on a malformed stored key: a configuration fault must surface, not refuse every guest quietly.
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    if (keyObjects.size >= MAX_CACHED_KEYS) keyObjects.clear();
    keyObjects.set(publicKey, key);
  }
  return key;
}

export interface SigningEvent {
  id: string;
  qr_public_key: string | null;
}

/**
 * Codes this instance has verified, with the key and event they verified against. Verifying is a pure function
 * of (code, public key, event id), so a hit answers exactly what verifying again would: a gate's verify-qr and
 * the mark-used that follows it, or a guest scanned at two gates, pay for one Ed25519 check (~0.1-0.5 ms of the
 * event loop). Only codes that verified are kept (a forged code is checked every time it is tried); whether the
 * ticket may still enter is never cached: the database answers that on every scan.
 */
const verified = new Map<string, { publicKey: string; eventId: string; ticketId: string }>();
/** Every ticket of a large night (20,000): ~6 MB of token text at most. Oldest first out. */
const MAX_VERIFIED = 20_000;

/**
 * The ticket id a code names, if and only if the code is a canonical token signed with this event's key
 * and issued for this event. The ids inside a token are not trusted before the signature is checked.
 */
export function verifiedTicketId(code: string, event: SigningEvent): string | null {
  if (!event.qr_public_key) return null;
  const known = verified.get(code);
  if (known && known.publicKey === event.qr_public_key && known.eventId === event.id) return known.ticketId;
  const key = keyObject(event.qr_public_key);
  const parts = ticketTokenSignedParts(code);
  if (!parts) return null;
  let valid: boolean;
  try {
    valid = verify(null, parts.message, key, parts.signature);
  } catch {
    valid = false;
  }
  if (!valid || parts.eventId !== event.id) return null;
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
  verified.set(code, { publicKey: event.qr_public_key, eventId: event.id, ticketId: parts.ticketId });
  return parts.ticketId;
}
