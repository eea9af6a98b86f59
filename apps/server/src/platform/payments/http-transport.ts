import http from 'node:http';
import https from 'node:https';

// How the Razorpay client's requests travel. fetch (undici) cost ~200 µs of CPU more per call than node:http
// on the same keep-alive connection (WHATWG streams, an AbortSignal timer and listeners per request), and a
// purchase makes two calls (create the order, fetch the payment): bench/RESULTS.md. So the client sends with
// node:http(s) over one keep-alive agent of its own; a test may still hand it a fetch.

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
// (Node's agent then closes it a second before the server would, which keeps reuse clear of the server's close).
const IDLE_CONNECTION_MS = 30_000;

export function keepAliveTransport(): HttpTransport {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  };
  const send = (
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
    retry: boolean,
  ): Promise<HttpAnswer> =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const request = (secure ? https : http).request(target, {
        method,
        agent: secure ? agents['https:'] : agents['http:'],
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      });
      const timer = setTimeout(() => {
        const error = new HttpTimeoutError(`no answer within ${timeoutMs} ms`);
        settle(() => reject(error));
        request.destroy(error);
      }, timeoutMs);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          settle(() =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          ),
        );
        response.on('error', (error) => settle(() => reject(error)));
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed just as this request went out (Node's documented case): sent
        // once more on a fresh connection. Every call of ours is safe to repeat: an extra order is never given to
        // anyone, a capture of a captured payment is refused and read again, a refund carries its idempotency key.
        if (retry && request.reusedSocket && error.code === 'ECONNRESET' && !settled) {
          settled = true;
          clearTimeout(timer);
          send(method, url, headers, body, timeoutMs, false).then(resolve, reject);
          return;
        }
        settle(() => reject(error));
      });
      request.end(body);
    });
  return (method, url, headers, body, timeoutMs) => send(method, url, headers, body, timeoutMs, true);
}

/** The same over a fetch (tests hand one in to see or shape what goes over the wire). */
export function fetchTransport(fetchImpl: typeof fetch): HttpTransport {
  return async (method, url, headers, body, timeoutMs) => {
    const response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  };
}
