import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

// The ticket code, UT-XXXXXXXXXX: the one reference printed on every surface (app, PDF, email, CSV, admin)
// and the code a gate volunteer can type when a QR cannot be scanned. Ten characters of Crockford's base32
// from a CSPRNG (50 bits): guessing one takes ~10^15 tries, and typed codes are rate-limited per checker.

export const TICKET_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TICKET_CODE_LENGTH = 10;
export const TICKET_CODE_PREFIX = 'UT-';

export function newTicketCode(): string {
  const bytes = new Uint8Array(TICKET_CODE_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  let code = '';
  // 256 is a multiple of 32: taking the low five bits keeps every character equally likely.
  for (const byte of bytes) code += TICKET_CODE_ALPHABET[byte & 31];
  return `${TICKET_CODE_PREFIX}${code}`;
}

/**
 * The canonical UT-XXXXXXXXXX a person meant, or null. Forgiving as Crockford intended: any case, spaces
 * and dashes anywhere, the prefix optional, O read as 0 and I/L as 1 (letters the alphabet leaves out).
 */
export function normalizeTicketCode(input: string): string | null {
  // Every scanned QR token comes through here first: refuse it from its first characters rather than upper-case
  // and rewrite all ~140 of them.
  if (!fewSignificantCharacters(input)) return null;
  let text = input.toUpperCase().replace(/[\s\-–—_.]/g, '');
  if (text.startsWith('UT') && text.length === TICKET_CODE_LENGTH + 2) text = text.slice(2);
  if (text.length !== TICKET_CODE_LENGTH) return null;
  const mapped = text.replace(/O/g, '0').replace(/[IL]/g, '1');
  for (const char of mapped) if (!TICKET_CODE_ALPHABET.includes(char)) return null;
  return `${TICKET_CODE_PREFIX}${mapped}`;
}

/**
 * The one way a ticket code is written to a person: on every screen, email, PDF, export and screen-reader label,
 * the canonical UT-XXXXXXXXXX, never a shortened or #-prefixed form (a volunteer reads it off the guest's phone
 * and types it; staff search with it). Text that is not a code (an older reference) is shown as given.
 */
export function displayTicketCode(code: string): string {
  return normalizeTicketCode(code) ?? code.trim();
}

const SEPARATOR = /[\s\-–—_.]/;

/** At most "UT" and the ten characters of a code once separators are left out: nothing longer can be one. */
function fewSignificantCharacters(input: string): boolean {
  let significant = 0;
  for (const char of input) {
    if (!SEPARATOR.test(char) && ++significant > TICKET_CODE_LENGTH + 2) return false;
  }
  return true;
}

/** True when the text reads as a typed ticket code rather than a QR token. */
export function looksLikeTicketCode(input: string): boolean {
  return normalizeTicketCode(input) !== null;
}

/** Bytes of the keyed hash kept per ticket in a gate snapshot: 64 bits never collide among 20,000 tickets. */
const DIGEST_BYTES = 8;

/**
 * The keyed hash of a ticket code that a gate's offline snapshot holds instead of the code itself: a lost
 * phone does not hand out typeable codes. It binds the ticket's id, so a guessed code is tested against one
 * ticket per hash, never against every ticket of the list at once (docs/threat-model.md: a stolen snapshot
 * costs ~2^50 hashes per recovered code, as many as guessing blind). The key is random per snapshot, so
 * digests from two downloads cannot be matched up and nothing can be computed ahead. Same function on the
 * server (making the snapshot) and the phone (checking a typed code).
 */
export function ticketCodeDigest(keyBase64Url: string, ticketId: string, canonicalCode: string): string {
  const mac = hmac(sha256, base64UrlToBytes(keyBase64Url), codeMessage(ticketId, canonicalCode));
  return bytesToBase64Url(mac.subarray(0, DIGEST_BYTES));
}

/** What is hashed: the ticket's id and its code, one line each (neither contains a line break). */
function codeMessage(ticketId: string, canonicalCode: string): Uint8Array {
  return new TextEncoder().encode(`${ticketId}\n${canonicalCode}`);
}

/**
 * The ticket of `tickets` whose codeDigest is this typed code's, or undefined: one hash per ticket (the key's
 * padding is hashed once and cloned), ~20,000 of them for a large night. A phone offline does this for each
 * code a volunteer types; an attacker holding the list does it for each guess.
 */
export function ticketWithTypedCode<T extends { id: string; codeDigest?: string | undefined }>(
  keyBase64Url: string,
  canonicalCode: string,
  tickets: Iterable<T>,
): T | undefined {
  const keyed = hmac.create(sha256, base64UrlToBytes(keyBase64Url));
  for (const ticket of tickets) {
    if (!ticket.codeDigest) continue;
    const mac = keyed.clone().update(codeMessage(ticket.id, canonicalCode)).digest();
    if (bytesToBase64Url(mac.subarray(0, DIGEST_BYTES)) === ticket.codeDigest) return ticket;
  }
  return undefined;
}

function base64UrlToBytes(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
