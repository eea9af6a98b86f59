import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[\w.:-]{1,64}$/;

// A new id is this process's random prefix (the first 24 characters of a UUID drawn at start-up: 74 random
// bits) and a counter in the last 12 hex digits: UUID-shaped, unique within the process for 2^48 requests and
// across instances by the prefix, for a fraction of randomUUID's cost on every request (bench/history/platform.md).
// An id only ties log lines and a support request together; it is no secret and guards nothing.
const PREFIX = randomUUID().slice(0, 24);
const COUNTER_LIMIT = 2 ** 48;
let counter = 0;

/** Keeps a proxy's x-request-id so one id follows a request across hops; anything odd is replaced. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : newRequestId();
}

export function newRequestId(): string {
  counter = (counter + 1) % COUNTER_LIMIT;
  return PREFIX + counter.toString(16).padStart(12, '0');
}
