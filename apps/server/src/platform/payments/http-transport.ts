import { Agent, type Dispatcher, request } from 'undici';

// How the Razorpay client's requests travel. fetch cost ~200 µs of CPU more per call than node:http on the
// same keep-alive connection (WHATWG streams, an AbortSignal timer and listeners per request), and node:http
// in turn ~2x undici's own `request` (below); every hold and purchase makes these calls (bench/RESULTS.md). So
// the client sends with undici's `request` over one keep-alive agent of its own; a test may still hand it a
// fetch.

export interface HttpAnswer {
  status: number;
  text: string;
}

export type HttpTransport = (
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
) => Promise<HttpAnswer>;

/** The request got no complete answer within its time (the client reports it like fetch's timeout). */
export class HttpTimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

// An idle connection is closed after this long, or sooner when the server announces a shorter keep-alive
// (undici then closes it a second before the server would, which keeps reuse clear of the server's close).
const IDLE_CONNECTION_MS = 30_000;

/** undici's codes for a connection that failed or closed under a request, and for its two timeouts. */
const SOCKET_ERRORS = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * undici's `request` over one keep-alive Agent of the client's own. Per call it cost a third to a half of
 * node:http's CPU (bench/RESULTS.md, fourth round: 32-45 against 81-158 µs per call, same server, same
 * connections); node:http's ClientRequest, agent bookkeeping and header checks were most of a hold's provider
 * call. The answer's body is always read to the end, so its connection goes back to the pool.
 */
export function keepAliveTransport(): HttpTransport {
  const dispatcher = new Agent({
    keepAliveTimeout: IDLE_CONNECTION_MS,
    keepAliveMaxTimeout: IDLE_CONNECTION_MS,
  });
  const send = async (
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
    retry: boolean,
  ): Promise<HttpAnswer> => {
    try {
      const answer = await request(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      return { status: answer.statusCode, text: await answer.body.text() };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && TIMEOUTS.has(code)) {
        throw new HttpTimeoutError(`no answer within ${timeoutMs} ms`, { cause: error });
      }
      // A kept-alive connection the server closed just as this request went out: sent once more (on a fresh
      // connection). Every call of ours is safe to repeat: an extra order is never given to anyone, a capture of
      // a captured payment is refused and read again, a refund carries its idempotency key.
      if (retry && typeof code === 'string' && SOCKET_ERRORS.has(code)) {
        return send(method, url, headers, body, timeoutMs, false);
      }
      throw error;
    }
  };
  return (method, url, headers, body, timeoutMs) => send(method, url, headers, body, timeoutMs, true);
}

/** The same over a fetch (tests hand one in to see or shape what goes over the wire). */
export function fetchTransport(fetchImpl: typeof fetch): HttpTransport {
  return async (method, url, headers, body, timeoutMs) => {
    const response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  };
}
