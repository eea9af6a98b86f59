import { Agent, type Dispatcher } from 'undici';

// How the Razorpay client's requests travel. fetch cost ~200 µs of CPU more per call than node:http on the
// same keep-alive connection (WHATWG streams, an AbortSignal timer and listeners per request), and node:http
// in turn ~2x undici's own `request`; every hold and purchase makes these calls (bench/RESULTS.md). So the
// client sends over one keep-alive undici agent of its own, through the agent's `dispatch` with a handler that
// gathers the answer (below); a test may still hand it a fetch.

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
 * One keep-alive undici Agent of the client's own, driven through `dispatch` with a handler that collects the
 * answer's bytes. undici's `request` on the same agent wraps each call in an async resource, a Readable stream
 * for the body and its text() reader: 41-48 µs of CPU per call against 23-30 µs here (32 at once, 4,000 calls,
 * a loopback server in another process; bench/history/purchase.md). The body is always read to the end (the
 * handler takes every chunk), so the connection goes back to the pool. Timeouts and a reset kept-alive
 * connection answer as before (undici's error codes are the same either way).
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
      return await dispatched(dispatcher, method, url, headers, body, timeoutMs);
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

function dispatched(
  dispatcher: Dispatcher,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<HttpAnswer> {
  const { origin, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    let status = 0;
    const chunks: Buffer[] = [];
    const handler: Dispatcher.DispatchHandlers = {
      onConnect: () => {},
      onHeaders: (statusCode) => {
        status = statusCode;
        return true;
      },
      onData: (chunk) => {
        chunks.push(chunk);
        return true;
      },
      onComplete: () => {
        const text =
          chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
        resolve({ status, text });
      },
      onError: reject,
    };
    dispatcher.dispatch(
      {
        origin,
        path: pathname + search,
        method: method as Dispatcher.HttpMethod,
        headers,
        body: body ?? null,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      handler,
    );
  });
}

/** The same over a fetch (tests hand one in to see or shape what goes over the wire). */
export function fetchTransport(fetchImpl: typeof fetch): HttpTransport {
  return async (method, url, headers, body, timeoutMs) => {
    const response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  };
}
