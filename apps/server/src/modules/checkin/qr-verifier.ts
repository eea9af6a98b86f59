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
 * The ticket id a code names, if and only if the code is a canonical token signed with this event's key
 * and issued for this event. The ids inside a token are not trusted before the signature is checked.
 */
export function verifiedTicketId(code: string, event: SigningEvent): string | null {
  if (!event.qr_public_key) return null;
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
  return parts.ticketId;
}
