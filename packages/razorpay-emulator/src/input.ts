import { createHash, randomInt } from 'node:crypto';
import type { Collection, Notes } from './entities';
import { inputError } from './errors';

// Ids, clocks and the request-body checks the emulator shares between its orders, payments and refunds.

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const MIN_AMOUNT = 100;
const MAX_NOTES = 15;
export function newId(prefix: string): string {
  let suffix = '';
  for (let i = 0; i < 14; i++) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${suffix}`;
}

export function digits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---- input helpers (Razorpay validates loosely typed JSON and form bodies alike)

export function asObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw inputError('The request body must be an object.');
  return body as Record<string, unknown>;
}

export function requireAmount(value: unknown, field: string): number {
  if (value === undefined || value === null || value === '') {
    throw inputError(`The ${field} field is required.`, field);
  }
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw inputError(`The ${field} must be an integer.`, field);
  }
  return amount;
}

export function optionalString(value: unknown, field: string, maxLength: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw inputError(`The ${field} must be a string.`, field);
  if (value.length > maxLength) {
    throw inputError(`The ${field} may not be greater than ${maxLength} characters.`, field);
  }
  return value;
}

export function parseNotes(value: unknown): Notes {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.length === 0) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw inputError('The notes field must be an object.', 'notes');
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_NOTES) {
    throw inputError('Number of notes exceeds the maximum limit of 15', 'notes');
  }
  const notes: Record<string, string | number> = {};
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number') {
      throw inputError('The notes values must be strings or numbers.', 'notes');
    }
    if (String(note).length > 256) {
      throw inputError('The notes values may not be greater than 256 characters.', 'notes');
    }
    notes[key] = note;
  }
  return entries.length === 0 ? [] : notes;
}

/** Checkout passes whatever the page gave it; bad notes there must not break a payment. */
export function safeNotes(value: unknown): Notes {
  try {
    return parseNotes(value);
  } catch {
    return [];
  }
}

export function fingerprintOf(input: Record<string, unknown>): string {
  const canonical = JSON.stringify(input, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

export function collection<T>(items: T[]): Collection<T> {
  return { entity: 'collection', count: items.length, items: items.map(clone) };
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}
