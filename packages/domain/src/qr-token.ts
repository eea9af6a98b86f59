// The secret printed in a ticket's QR code: a signed statement "ticket T belongs to event E",
// checkable offline with the event's Ed25519 public key. It carries no personal data.
//
// Format, version 1:   UT1.<payload>.<signature>     (both parts unpadded base64url)
//   payload   = encodeId(ticketId) || encodeId(eventId)
//   encodeId  = 0x01 <16 bytes>                  a canonical lowercase UUID
//             | 0x02 <len:1..64> <len bytes>     lowercase hex of even length (e.g. 24-char ids)
//             | 0x03 <len:1..64> <len UTF-8>     anything else
//   signature = Ed25519(secretKey, "UT1" || 0x00 || payload)   (the version is signed too)
// Two UUIDs give 137 characters, which fits a version-8 QR at error correction M.
//
// Every token has exactly one accepted spelling: base64url must be canonical (no stray padding bits)
// and the payload must re-encode to the same bytes. Otherwise a "changed" code could still verify,
// and a gate log could hold two different strings for one ticket.

import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';

// Enables the synchronous API, as @noble/ed25519's README documents; the same in Node and browsers.
ed.hashes.sha512 = sha512;

export const TICKET_TOKEN_PREFIX = 'UT1';
/** The product's text for a scan that produced no usable string (docs/product.md#gate-scanner). */
export const QR_EMPTY_OR_MALFORMED_MESSAGE = 'QR code is empty or malformed';
/** Longest id (in UTF-8 bytes, or bytes after hex decoding) a token can carry. */
export const MAX_TICKET_TOKEN_ID_BYTES = 64;
/** No well-formed token is longer; anything longer is refused before any decoding work. */
export const MAX_TICKET_TOKEN_LENGTH = 4 + Math.ceil(((2 + MAX_TICKET_TOKEN_ID_BYTES) * 2 * 4) / 3) + 1 + 86;

const SIGNATURE_BYTES = 64;
const KEY_BYTES = 32;
const TAG_UUID = 0x01;
const TAG_HEX = 0x02;
const TAG_UTF8 = 0x03;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX_PATTERN = /^(?:[0-9a-f]{2})+$/;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;
const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Each base64url character's value by its char code (the pattern check has already refused any other). */
const BASE64URL_VALUES = new Uint8Array(128);
for (let value = 0; value < BASE64URL_ALPHABET.length; value++) {
  BASE64URL_VALUES[BASE64URL_ALPHABET.charCodeAt(value)] = value;
}
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const SIGNING_CONTEXT = new Uint8Array([0x55, 0x54, 0x31, 0x00]); // "UT1" NUL

export interface TicketTokenClaims {
  ticketId: string;
  eventId: string;
}

export interface EventKeyPair {
  /** 32-byte Ed25519 seed, base64url. Stays on the server. */
  privateKey: string;
  /** 32-byte Ed25519 public key, base64url. Safe to hand to checker devices. */
  publicKey: string;
}

export type TicketTokenFailure = 'malformed' | 'bad-signature' | 'wrong-event';

export type TicketTokenVerification =
  | { ok: true; ticketId: string; eventId: string }
  | { ok: false; reason: TicketTokenFailure };

export type TicketTokenParse =
  | { ok: true; version: 1; ticketId: string; eventId: string }
  | { ok: false; reason: 'malformed' };

export type ScannedCode =
  | { ok: true; code: string }
  | { ok: false; error: typeof QR_EMPTY_OR_MALFORMED_MESSAGE };

export function generateEventKeyPair(): EventKeyPair {
  const { secretKey, publicKey } = ed.keygen();
  return { privateKey: encodeBase64Url(secretKey), publicKey: encodeBase64Url(publicKey) };
}

export function publicKeyFromPrivateKey(privateKey: string): string {
  return encodeBase64Url(ed.getPublicKey(decodeKey(privateKey, 'private')));
}

/** Throws TypeError on an id that cannot be carried (empty, or longer than 64 bytes) or a bad key. */
export function signTicketToken(claims: TicketTokenClaims, privateKey: string): string {
  const secretKey = decodeKey(privateKey, 'private');
  return buildTicketToken(claims, (message) => ed.sign(message, secretKey));
}

/**
 * The token for `claims`, with `sign` making the Ed25519 signature over the signed bytes: lets the server use
 * native Ed25519 (node:crypto) with a key object built once. Ed25519 is deterministic, so with the same key the
 * token is exactly signTicketToken's. Throws TypeError as signTicketToken does, or on a signature of the wrong size.
 */
export function buildTicketToken(
  claims: TicketTokenClaims,
  sign: (message: Uint8Array) => Uint8Array,
): string {
  const payload = concat(encodeId(claims.ticketId, 'ticketId'), encodeId(claims.eventId, 'eventId'));
  const signature = sign(concat(SIGNING_CONTEXT, payload));
  if (signature.length !== SIGNATURE_BYTES) throw new TypeError('An Ed25519 signature is 64 bytes');
  return `${TICKET_TOKEN_PREFIX}.${encodeBase64Url(payload)}.${encodeBase64Url(signature)}`;
}

/**
 * Never throws on any token value. Throws TypeError only when `publicKey` is not a 32-byte base64url
 * key: that is a configuration fault, and a gate must not quietly refuse every guest because of it.
 */
export function verifyTicketToken(
  token: unknown,
  publicKey: string,
  expectedEventId?: string,
): TicketTokenVerification {
  const key = decodeKey(publicKey, 'public');
  const parts = splitToken(token);
  if (!parts) return { ok: false, reason: 'malformed' };
  let valid = false;
  try {
    // RFC 8032 strict mode: no non-canonical point encodings, no small-order keys.
    valid = ed.verify(parts.signature, concat(SIGNING_CONTEXT, parts.payload), key, { zip215: false });
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'bad-signature' };
  if (expectedEventId !== undefined && parts.eventId !== expectedEventId) {
    return { ok: false, reason: 'wrong-event' };
  }
  return { ok: true, ticketId: parts.ticketId, eventId: parts.eventId };
}

/**
 * Reads the ids without checking the signature: for logs, diagnostics, and as a key to look up what the code must
 * equal (the server's gate compares it with the token it stored for that ticket); never trusted by itself.
 */
export function parseTicketTokenUnverified(token: unknown): TicketTokenParse {
  const parts = splitToken(token);
  if (!parts) return { ok: false, reason: 'malformed' };
  return { ok: true, version: 1, ticketId: parts.ticketId, eventId: parts.eventId };
}

/**
 * The ids a token's payload names, read without decoding its signature or checking its spelling: cheaper than
 * parseTicketTokenUnverified, for a caller that only looks up the token stored for that ticket and accepts the
 * code solely if it equals that token byte for byte (a stored token is canonical, so a respelled or changed code
 * never equals one). Never trusted by itself; null when the payload does not decode.
 */
export function claimedTicketIds(token: string): TicketTokenClaims | null {
  if (token.length > MAX_TICKET_TOKEN_LENGTH || !token.startsWith(`${TICKET_TOKEN_PREFIX}.`)) return null;
  const end = token.indexOf('.', TICKET_TOKEN_PREFIX.length + 1);
  if (end === -1) return null;
  const payload = decodeBase64Url(token.slice(TICKET_TOKEN_PREFIX.length + 1, end));
  if (!payload) return null;
  const first = decodeId(payload, 0);
  if (!first) return null;
  const second = decodeId(payload, first.next);
  if (!second || second.next !== payload.length) return null;
  return { ticketId: first.id, eventId: second.id };
}

/**
 * The exact bytes the signature covers, for a faster native Ed25519 check on the server
 * (node:crypto ~0.5 ms on the 2-core test box; this pure-JS library ~4 ms, blocking the event loop).
 * The ids are NOT trustworthy until `signature` has been verified over `message` with the event key.
 */
export function ticketTokenSignedParts(
  token: unknown,
): { ticketId: string; eventId: string; message: Uint8Array; signature: Uint8Array } | null {
  const parts = splitToken(token);
  if (!parts) return null;
  return {
    ticketId: parts.ticketId,
    eventId: parts.eventId,
    message: concat(SIGNING_CONTEXT, parts.payload),
    signature: parts.signature,
  };
}

/** What a scanner or the API does first with a decoded QR: trim; refuse empty/non-string. */
export function normalizeScannedCode(text: unknown): ScannedCode {
  if (typeof text !== 'string') return { ok: false, error: QR_EMPTY_OR_MALFORMED_MESSAGE };
  const code = text.trim();
  if (code === '') return { ok: false, error: QR_EMPTY_OR_MALFORMED_MESSAGE };
  return { ok: true, code };
}

interface TokenParts {
  payload: Uint8Array;
  signature: Uint8Array;
  ticketId: string;
  eventId: string;
}

function splitToken(token: unknown): TokenParts | null {
  if (typeof token !== 'string' || token.length > MAX_TICKET_TOKEN_LENGTH) return null;
  const pieces = token.split('.');
  if (pieces.length !== 3 || pieces[0] !== TICKET_TOKEN_PREFIX) return null;
  const payload = decodeBase64Url(pieces[1]!);
  const signature = decodeBase64Url(pieces[2]!);
  if (!payload || !signature || signature.length !== SIGNATURE_BYTES) return null;
  const first = decodeId(payload, 0);
  if (!first) return null;
  const second = decodeId(payload, first.next);
  if (!second || second.next !== payload.length) return null;
  // Only the spelling signTicketToken would produce is accepted (see the header comment).
  const canonical = concat(encodeId(first.id, 'ticketId'), encodeId(second.id, 'eventId'));
  if (!equalBytes(canonical, payload)) return null;
  return { payload, signature, ticketId: first.id, eventId: second.id };
}

function encodeId(id: unknown, field: string): Uint8Array {
  if (typeof id !== 'string' || id.length === 0) {
    throw new TypeError(`${field} must be a non-empty string`);
  }
  if (UUID_PATTERN.test(id)) {
    return concat(new Uint8Array([TAG_UUID]), hexToBytes(id.replaceAll('-', '')));
  }
  if (HEX_PATTERN.test(id) && id.length / 2 <= MAX_TICKET_TOKEN_ID_BYTES) {
    const bytes = hexToBytes(id);
    return concat(new Uint8Array([TAG_HEX, bytes.length]), bytes);
  }
  const bytes = new TextEncoder().encode(id);
  if (bytes.length > MAX_TICKET_TOKEN_ID_BYTES) {
    throw new TypeError(`${field} is longer than ${MAX_TICKET_TOKEN_ID_BYTES} bytes`);
  }
  return concat(new Uint8Array([TAG_UTF8, bytes.length]), bytes);
}

function decodeId(bytes: Uint8Array, start: number): { id: string; next: number } | null {
  const tag = bytes[start];
  if (tag === TAG_UUID) {
    if (start + 17 > bytes.length) return null;
    const hex = bytesToHex(bytes.subarray(start + 1, start + 17));
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { id, next: start + 17 };
  }
  if (tag !== TAG_HEX && tag !== TAG_UTF8) return null;
  const length = bytes[start + 1];
  if (length === undefined || length === 0 || length > MAX_TICKET_TOKEN_ID_BYTES) return null;
  const end = start + 2 + length;
  if (end > bytes.length) return null;
  const body = bytes.subarray(start + 2, end);
  if (tag === TAG_HEX) return { id: bytesToHex(body), next: end };
  try {
    return { id: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body), next: end };
  } catch {
    return null;
  }
}

function decodeKey(key: unknown, kind: 'public' | 'private'): Uint8Array {
  const bytes = typeof key === 'string' ? decodeBase64Url(key) : null;
  if (!bytes || bytes.length !== KEY_BYTES) {
    throw new TypeError(`The event ${kind} key must be ${KEY_BYTES} bytes of base64url`);
  }
  return bytes;
}

export function encodeBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    out += BASE64URL_ALPHABET[b0 >> 2];
    out += BASE64URL_ALPHABET[((b0 & 0x03) << 4) | ((b1 ?? 0) >> 4)];
    if (b1 !== undefined) out += BASE64URL_ALPHABET[((b1 & 0x0f) << 2) | ((b2 ?? 0) >> 6)];
    if (b2 !== undefined) out += BASE64URL_ALPHABET[b2 & 0x3f];
  }
  return out;
}

/** Strict: unpadded, URL alphabet only, and the unused low bits of the last character must be zero. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL_PATTERN.test(text) || text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (let i = 0; i < text.length; i++) {
    buffer = (buffer << 6) | BASE64URL_VALUES[text.charCodeAt(i)]!;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >> bits) & 0xff;
    }
    buffer &= (1 << bits) - 1;
  }
  if (buffer !== 0) return null;
  return out;
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += HEX_BYTES[byte];
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
