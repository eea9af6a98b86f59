import { createHmac, timingSafeEqual } from 'node:crypto';

// Links in emails that open one thing without a sign-in (a mail app has no session): a wallet pass, an order's
// tax document. The key is an HMAC of the thing's id under a key derived from the event's QR signing key and the
// link's purpose, so it needs no new secret, one purpose's key never opens another's, and it opens nothing the
// email itself does not already show or attach.

export function emailLinkKey(eventPrivateKey: string, purpose: string, id: string): string {
  const key = createHmac('sha256', eventPrivateKey).update(purpose).digest();
  return createHmac('sha256', key).update(id).digest('base64url').slice(0, 32);
}

/** The key a link came with against the one it should carry, compared in constant time. */
export function linkKeyMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
