// The pass the waiting room hands to a person whose turn has come: "user U may check out for event E
// until T". Checked on every create-order while the room is on, so it is verified without touching the
// database: an HMAC over the claims with a key every server instance derives from the event's secret.
//
// Format, version 1:   QP1.<payload>.<mac>      (both unpadded base64url)
//   payload = UTF-8 of  eventId "\n" userId "\n" expiresAtMs (decimal)
//   mac     = HMAC-SHA256(passKey, "QP1" || 0x00 || payload)
// Single-person: it names the user, and the server compares that with the signed-in caller.

import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

export const QUEUE_PASS_PREFIX = 'QP1';
/** No pass we issue is longer (ids are at most 64 characters each); longer input is refused unread. */
export const MAX_QUEUE_PASS_LENGTH = 512;

const CONTEXT = new TextEncoder().encode('QP1\u0000');
const KEY_LABEL = new TextEncoder().encode('utsav waiting-room pass v1');
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface QueuePassClaims {
  eventId: string;
  userId: string;
  expiresAtMs: number;
}

export type QueuePassFailure = 'malformed' | 'bad-signature' | 'wrong-event' | 'wrong-person' | 'expired';

export type QueuePassVerification =
  | { ok: true; claims: QueuePassClaims }
  | { ok: false; reason: QueuePassFailure };

/** The MAC key, derived from a server-side secret of the event (so every instance derives the same one). */
export function queuePassKey(eventSecret: string): Uint8Array {
  return hmac(sha256, new TextEncoder().encode(eventSecret), KEY_LABEL);
}

export function signQueuePass(key: Uint8Array, claims: QueuePassClaims): string {
  if (claims.eventId.includes('\n') || claims.userId.includes('\n'))
    throw new Error('ids cannot contain newlines');
  const payload = new TextEncoder().encode(
    `${claims.eventId}\n${claims.userId}\n${Math.trunc(claims.expiresAtMs)}`,
  );
  return `${QUEUE_PASS_PREFIX}.${toBase64Url(payload)}.${toBase64Url(mac(key, payload))}`;
}

export function verifyQueuePass(
  key: Uint8Array,
  pass: string,
  expected: { eventId: string; userId: string; nowMs: number },
): QueuePassVerification {
  if (pass.length > MAX_QUEUE_PASS_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = pass.split('.');
  if (parts.length !== 3 || parts[0] !== QUEUE_PASS_PREFIX) return { ok: false, reason: 'malformed' };
  const payload = fromBase64Url(parts[1]!);
  const signature = fromBase64Url(parts[2]!);
  if (!payload || !signature) return { ok: false, reason: 'malformed' };
  if (!constantTimeEqual(signature, mac(key, payload))) return { ok: false, reason: 'bad-signature' };
  const fields = new TextDecoder().decode(payload).split('\n');
  const expiresAtMs = Number(fields[2]);
  if (fields.length !== 3 || !/^\d+$/.test(fields[2] ?? '') || !Number.isSafeInteger(expiresAtMs)) {
    return { ok: false, reason: 'malformed' };
  }
  const claims = { eventId: fields[0]!, userId: fields[1]!, expiresAtMs };
  if (claims.eventId !== expected.eventId) return { ok: false, reason: 'wrong-event' };
  if (claims.userId !== expected.userId) return { ok: false, reason: 'wrong-person' };
  if (expected.nowMs >= expiresAtMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

function mac(key: Uint8Array, payload: Uint8Array): Uint8Array {
  const message = new Uint8Array(CONTEXT.length + payload.length);
  message.set(CONTEXT);
  message.set(payload, CONTEXT.length);
  return hmac(sha256, key, message);
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/** Canonical unpadded base64url only: re-encoding must give the same text, so one pass has one spelling. */
function fromBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = (buffer << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
      buffer &= (1 << bits) - 1;
    }
  }
  const decoded = new Uint8Array(bytes);
  return toBase64Url(decoded) === text ? decoded : null;
}
