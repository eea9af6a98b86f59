import { createPublicKey, type KeyObject, timingSafeEqual, verify } from 'node:crypto';
import { claimedTicketIds, ticketTokenSignedParts } from '@utsav/domain/qr-token';

// The server's check of a ticket QR token. The domain's verifyTicketToken is pure JS (~4 ms per call, on
// the event loop); here the same signed bytes go through node:crypto's native Ed25519 (~0.5 ms), so a busy
// gate's scans do not queue behind each other's arithmetic. The token format and its canonical-spelling
// rules stay in @utsav/domain/qr-token; this file only swaps the signature primitive.
//
// Most codes a gate sees are the very tokens this server signed and stored with their tickets. Such a code is
// authenticated by comparing it, in constant time, with the token stored for the ticket it names (pretix's
// secret check): equality with a token the server signed proves what a signature check would, for ~10 µs of a
// primary-key read instead of ~120 µs of Ed25519 on the 2-core box (bench/history/gate.md). Anything
// that is not such an exact match (a forged code, a ticket deleted since, a token of another event) goes through
// the full signature check as before, so the answers are the same; forged codes are checked every time.

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
/** Every ticket of a large night (50,000): ~15 MB of token text at most. Oldest first out. */
const MAX_VERIFIED = 50_000;

/** The token stored for a ticket of the event, if there is such a ticket (checkin/repo.ts findTicketToken). */
export type StoredToken = (ticketId: string, eventId: string) => Promise<string | undefined>;

/**
 * The ticket id a code names, if and only if the code is a canonical token signed with this event's key and
 * issued for this event: the same answer as verifiedTicketId, cheaper for the codes the server stored itself.
 */
export async function authenticTicketId(
  code: string,
  event: SigningEvent,
  storedToken: StoredToken,
): Promise<string | null> {
  if (!event.qr_public_key) return null;
  const known = verified.get(code);
  if (known && known.publicKey === event.qr_public_key && known.eventId === event.id) return known.ticketId;
  // The ids are only where to look: the code is trusted once it equals, byte for byte, the stored token.
  const claimed = claimedTicketIds(code);
  if (claimed && claimed.eventId === event.id) {
    const stored = await storedToken(claimed.ticketId, event.id);
    if (stored !== undefined && sameToken(stored, code)) {
      remember(code, event.qr_public_key, event.id, claimed.ticketId);
      return claimed.ticketId;
    }
  }
  return verifiedTicketId(code, event);
}

/** Constant time for equal lengths; a token's length is no secret (every UUID ticket's is the same). */
export function sameToken(stored: string, code: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The ticket this instance found `code` authentic for, against this event and its key; undefined if none. */
export function rememberedTicketId(code: string, event: SigningEvent): string | undefined {
  const known = verified.get(code);
  return known && known.publicKey === event.qr_public_key && known.eventId === event.id
    ? known.ticketId
    : undefined;
}

/** Notes a code found authentic (an exact stored-token match or a valid signature) for the event with this key. */
export function remember(code: string, publicKey: string, eventId: string, ticketId: string): void {
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
  verified.set(code, { publicKey, eventId, ticketId });
}

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
  remember(code, event.qr_public_key, event.id, parts.ticketId);
  return parts.ticketId;
}
