// Idempotency keys: a write that is retried is performed once (docs/architecture.md#idempotency-keys,
// docs/decisions/0033-idempotency-keys.md).
//
// The web's API client sends `Idempotency-Key` with every write: a random UUID made once per logical request and
// kept across its automatic retries (no answer, a 401's token refresh, a 503's Retry-After, a repeat that is still
// running). The server records the key for the signed-in caller before the handler runs and keeps the answer; a
// repeat gets that answer again, marked `Idempotent-Replayed: true`. What a repeat gets is decided here, from the
// stored record and the repeat, so the rule is one pure function the tests walk through exhaustively.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to "true" on an answer that is the stored answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** The shape of a key: a UUID, or any 16-64 letters, digits, '-' and '_' (clients other than ours). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** A key is remembered this long after its request started; afterwards the same key is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A request still marked running after this long was lost with its process (a crash, a kill between the claim and
 * the answer): a repeat takes the key over and runs. Four times the web's 30 s timeout, so a request that is merely
 * slow is never run twice by its own client's retries.
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;
/** Seconds a repeat is told to wait (Retry-After) while the first request with its key is still running. */
export const IDEMPOTENCY_IN_PROGRESS_RETRY_AFTER_S = 1;

/** What the server remembers of a key (times in milliseconds since the epoch). */
export interface IdempotencyRecord {
  /** "POST /api/admin/ticket-types", the request's method and path (with its query). */
  request: string;
  bodyHash: string;
  createdAt: number;
  /** When the request that holds the key started (the first one, or the one that took it over). */
  startedAt: number;
  /** The stored answer's status; null while the request runs. */
  status: number | null;
}

/** The repeat of a key, as it arrives. */
export interface IdempotencyRepeat {
  request: string;
  bodyHash: string;
  now: number;
}

export type IdempotencyOutcome =
  /** The stored answer is sent again. */
  | 'replay'
  /** 409 IDEMPOTENCY_IN_PROGRESS: the first is still running; ask again shortly. */
  | 'in-progress'
  /** 422 IDEMPOTENCY_KEY_REUSED: the key was first used for another route or body. */
  | 'reused'
  /** The record is forgotten (expired) or was lost with its process: this request takes the key over and runs. */
  | 'take-over';

/** What a request gets whose key is already recorded. */
export function repeatOutcome(record: IdempotencyRecord, repeat: IdempotencyRepeat): IdempotencyOutcome {
  // An expired key is forgotten, whatever it was used for: the clean-up may not have removed it yet.
  if (repeat.now - record.createdAt >= IDEMPOTENCY_KEY_TTL_MS) return 'take-over';
  if (record.request !== repeat.request || record.bodyHash !== repeat.bodyHash) return 'reused';
  if (record.status !== null) return 'replay';
  return repeat.now - record.startedAt >= IDEMPOTENCY_LEASE_MS ? 'take-over' : 'in-progress';
}

/** Whether a finished answer is kept as the key's final answer: a 5xx is not (the retry must really run). */
export function isFinalAnswer(status: number, isJson: boolean): boolean {
  return status < 500 && isJson;
}
