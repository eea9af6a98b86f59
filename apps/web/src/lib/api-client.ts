import { NETWORK_RETRIES, NETWORK_RETRY_BASE_MS, REQUEST_TIMEOUT_MS } from '@utsav/domain/constants';
import type { FieldError } from '@utsav/domain/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@utsav/domain/idempotency';
import { currentLanguage } from './i18n/language';
import { getIdToken, signOut } from './identity';
import { reportAttempt } from './offline/connection-state';

// The one place that owns transport rules (docs/product.md#api, #errors): base /api, JSON, bearer token, 30 s timeout,
// retries when no response arrives, one shared token refresh on 401, and the verbatim error messages.
// A 503 with Retry-After (the server shed the request before doing any of it) is retried after that long
// plus jitter, so a crowd refused in the same second does not come back in the same second.
// Every write carries an Idempotency-Key made once per call and sent again on each of its retries (no answer,
// the 401 refresh, a 503), so a write the server did but whose answer was lost is answered, not done twice; while
// the first attempt still runs the server says 409 IDEMPOTENCY_IN_PROGRESS, and the call waits and asks again
// (docs/architecture.md#idempotency-keys).

export const API_BASE = '/api';

export const MESSAGES = {
  network: 'Network error. Please check your connection and try again.',
  server: 'Server error. Please try again later.',
  unexpected: 'An unexpected error occurred',
  requestFailed: (status: number) => `Request failed (${status})`,
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly details: FieldError[] | undefined;
  /** The parsed error body, for envelope fields beyond error/code/details (e.g. ALREADY_USED's usedAt). */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    code?: string,
    details?: FieldError[],
    options?: ErrorOptions & { body?: unknown },
  ) {
    super(message, options);
    this.status = status;
    this.code = code;
    this.details = details;
    this.body = options?.body;
  }
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The message to show for any failure of an API call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MESSAGES.unexpected;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Send the bearer token (default true). */
  auth?: boolean;
  headers?: Record<string, string>;
  /** Read a successful response as bytes (see apiRequestBlob) instead of JSON or text. */
  responseType?: 'json' | 'blob';
}

type SessionExpiredHandler = () => void;

let onSessionExpired: SessionExpiredHandler = () => {
  if (typeof window !== 'undefined') window.location.assign('/');
};

/** The app replaces the default full-page redirect with a router navigation that also clears caches. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

/** Retries of a request the server shed (503 + Retry-After); then the server message is shown. */
export const OVERLOAD_RETRIES = 3;
/** A Retry-After longer than this is not waited for by a request: the error is shown instead. */
const MAX_RETRY_AFTER_MS = 60_000;
/** Times a write asks again while the server says its first attempt still runs (after 1 s, 2 s, 4 s, 8 s). */
export const IN_PROGRESS_RETRIES = 4;

/**
 * A random UUID (version 4) for one logical write. crypto.randomUUID exists only in secure contexts; a phone on
 * the venue's network over plain http has getRandomValues alone.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * How long to wait before retrying a 503 whose Retry-After header is `header` (seconds or an HTTP date), or
 * null when there is nothing to honour. Each wait is drawn from [after, 2 x after) and doubles per attempt
 * (full jitter on top of the server's floor), so shed clients spread out instead of returning together.
 */
export function retryAfterDelayMs(
  header: string | null,
  attempt: number,
  random: () => number = Math.random,
  now: number = Date.now(),
): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  let afterMs: number;
  if (/^\d+$/.test(trimmed)) afterMs = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return null;
    afterMs = Math.max(0, date - now);
  }
  if (afterMs > MAX_RETRY_AFTER_MS) return null;
  const floor = Math.max(afterMs, 250) * 2 ** attempt;
  return Math.round(floor * (1 + random()));
}

let refreshInFlight: Promise<string | null> | null = null;

/** Concurrent 401s share one refresh: the first starts it, the rest wait for the same promise. */
function refreshTokenOnce(): Promise<string | null> {
  if (!refreshInFlight) {
    refreshInFlight = getIdToken(true)
      .catch(() => null)
      .finally(() => {
        refreshInFlight = null;
      });
  }
  return refreshInFlight;
}

function abortError(): DOMException {
  return new DOMException('The request was aborted.', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(abortError());
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** fetch with the 30 s timeout; resolves with a Response or rejects (network failure, timeout, abort). */
async function fetchOnce(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  if (signal?.aborted) controller.abort();
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    reportAttempt({ kind: 'answered', status: response.status });
    return response;
  } catch (error) {
    // What the attempt met, for the honest words of a screen showing saved data (connection-state.ts).
    if (timedOut) reportAttempt({ kind: 'timeout' });
    else if (!signal?.aborted) reportAttempt({ kind: 'unreachable' });
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFromResponse(status: number, body: unknown): ApiError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as {
    error?: unknown;
    message?: unknown;
    code?: unknown;
    details?: unknown;
  };
  const code = typeof envelope.code === 'string' ? envelope.code : undefined;
  const details = Array.isArray(envelope.details) ? (envelope.details as FieldError[]) : undefined;
  if (status >= 500) return new ApiError(status, MESSAGES.server, code, details, { body });
  const serverMessage =
    typeof envelope.error === 'string' && envelope.error
      ? envelope.error
      : typeof envelope.message === 'string' && envelope.message
        ? envelope.message
        : MESSAGES.requestFailed(status);
  return new ApiError(status, serverMessage, code, details, { body });
}

async function currentToken(): Promise<string | null> {
  try {
    return await getIdToken();
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, auth = true } = options;
  const url = `${API_BASE}${path}`;
  let networkFailures = 0;
  let overloadRetries = 0;
  let inProgressRetries = 0;
  let refreshed = false;
  // One key for this call and every retry of it; the next call (the person acting again) gets a new one.
  const idempotencyKey = method === 'GET' ? undefined : newIdempotencyKey();

  for (;;) {
    if (signal?.aborted) throw abortError();
    const token = auth ? await currentToken() : null;
    if (signal?.aborted) throw abortError();
    // The server answers its messages in the person's language; codes stay the same in every language.
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
      ...options.headers,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    if (idempotencyKey && !headers[IDEMPOTENCY_KEY_HEADER]) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;

    let response: Response;
    try {
      response = await fetchOnce(
        url,
        {
          method,
          headers,
          credentials: 'include',
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        signal,
      );
    } catch (error) {
      if (signal?.aborted) throw abortError();
      // No response at all (offline, DNS, reset, or our timeout): retry after 1 s, 2 s, 4 s.
      if (networkFailures < NETWORK_RETRIES) {
        await sleep(NETWORK_RETRY_BASE_MS * 2 ** networkFailures, signal);
        networkFailures += 1;
        continue;
      }
      throw new ApiError(0, MESSAGES.network, 'NETWORK_ERROR', undefined, { cause: error });
    }

    if (response.status === 401 && auth && token && !refreshed) {
      refreshed = true;
      // Another request may already have refreshed while this one was in flight: then just retry with it.
      const latest = await currentToken();
      const fresh = latest && latest !== token ? latest : await refreshTokenOnce();
      if (!fresh) {
        await signOut().catch(() => undefined);
        onSessionExpired();
        throw errorFromResponse(401, await readBody(response).catch(() => undefined));
      }
      continue;
    }

    if (response.status === 503 && overloadRetries < OVERLOAD_RETRIES) {
      const wait = retryAfterDelayMs(response.headers.get('retry-after'), overloadRetries);
      if (wait !== null) {
        overloadRetries += 1;
        await response.body?.cancel().catch(() => undefined);
        await sleep(wait, signal);
        continue;
      }
    }

    if (response.ok && options.responseType === 'blob') {
      return {
        blob: await response.blob(),
        filename: filenameFromDisposition(response.headers.get('content-disposition')),
      } as T;
    }
    let parsed: unknown;
    try {
      parsed = await readBody(response);
    } catch (error) {
      if (signal?.aborted) throw abortError();
      throw new ApiError(response.status, MESSAGES.unexpected, undefined, undefined, { cause: error });
    }
    if (response.status === 409 && inProgressRetries < IN_PROGRESS_RETRIES && isInProgress(parsed)) {
      await sleep(NETWORK_RETRY_BASE_MS * 2 ** inProgressRetries, signal);
      inProgressRetries += 1;
      continue;
    }
    if (!response.ok) throw errorFromResponse(response.status, parsed);
    return parsed as T;
  }
}

/** The server's "the first attempt of this write still runs" (409 IDEMPOTENCY_IN_PROGRESS). */
function isInProgress(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { code?: unknown }).code === 'IDEMPOTENCY_IN_PROGRESS'
  );
}

/** A binary answer (a PDF, a zip) and the file name its Content-Disposition suggests, if any. */
export interface BlobResponse {
  blob: Blob;
  filename: string | null;
}

/** The file name of a Content-Disposition header: RFC 5987 filename* first, then the plain filename. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name || null;
}

/** apiRequest for binary answers, with the same transport rules (token, timeout, retries, 401, messages). */
export function apiRequestBlob(path: string, options: RequestOptions = {}): Promise<BlobResponse> {
  return apiRequest<BlobResponse>(path, {
    ...options,
    responseType: 'blob',
    headers: { Accept: '*/*', ...options.headers },
  });
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
