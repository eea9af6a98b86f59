import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The transport rules (docs/product.md#errors), exercised against a stubbed global fetch (node environment).

const identity = vi.hoisted(() => ({
  token: 'token-1' as string | null,
  refreshResult: 'token-2' as string | null,
  refreshCalls: 0,
  signOutCalls: 0,
}));

vi.mock('../../src/lib/identity', () => ({
  getIdToken: vi.fn(async (force?: boolean) => {
    if (!force) return identity.token;
    identity.refreshCalls += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
    identity.token = identity.refreshResult;
    return identity.refreshResult;
  }),
  signOut: vi.fn(async () => {
    identity.signOutCalls += 1;
  }),
}));

const {
  api,
  ApiError,
  isAbortError,
  setSessionExpiredHandler,
  MESSAGES,
  errorMessage,
  retryAfterDelayMs,
  OVERLOAD_RETRIES,
  IN_PROGRESS_RETRIES,
  newIdempotencyKey,
} = await import('../../src/lib/api-client');

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  identity.token = 'token-1';
  identity.refreshResult = 'token-2';
  identity.refreshCalls = 0;
  identity.signOutCalls = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function keyHeader(call: number): string | undefined {
  const init = fetchMock.mock.calls[call]?.[1];
  return (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
}

function authHeader(call: number): string | undefined {
  const init = fetchMock.mock.calls[call]?.[1];
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

describe('api-client', () => {
  it('sends JSON under /api with the bearer token and returns the parsed body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: { name: 'Garba' } }));
    const body = await api.post<{ data: { name: string } }>('/event', { name: 'Garba' });
    expect(body.data.name).toBe('Garba');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/event');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ name: 'Garba' }));
    expect(authHeader(0)).toBe('Bearer token-1');
    expect((init?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe('application/json');
  });

  it('leaves the token out when auth is off', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await api.get('/event', { auth: false });
    expect(authHeader(0)).toBeUndefined();
  });

  it('retries a request that got no response after 1 s, 2 s and 4 s, then gives the network message', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = api.get('/event').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).message).toBe(
      'Network error. Please check your connection and try again.',
    );
  });

  it('succeeds when a retry gets through', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    const result = api.get<{ ok: number }>('/event');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ ok: 1 });
  });

  it('times out after 30 s and treats the timeout as no response', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = api.get('/slow').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000 + 2000 + 30_000 + 4000 + 30_000);
    expect(((await result) as Error).message).toBe(MESSAGES.network);
  });

  it('maps 500 and above to the server message, whatever the body says', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { error: 'database down' }));
    await expect(api.get('/event')).rejects.toMatchObject({
      status: 503,
      message: 'Server error. Please try again later.',
    });
  });

  it("uses the server's error field, then its message field, then 'Request failed ({status})'", async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        success: false,
        error: 'Event name is required',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'name', message: 'Event name is required' }],
      }),
    );
    await expect(api.post('/event', {})).rejects.toMatchObject({
      status: 400,
      message: 'Event name is required',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'name', message: 'Event name is required' }],
    });
    fetchMock.mockResolvedValueOnce(json(409, { message: 'Sold out' }));
    await expect(api.post('/tickets', {})).rejects.toMatchObject({ message: 'Sold out' });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await expect(api.get('/nothing')).rejects.toMatchObject({ message: 'Request failed (404)' });
  });

  it('refreshes the token once on 401 and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'expired' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api.get('/auth/me')).resolves.toEqual({ ok: true });
    expect(identity.refreshCalls).toBe(1);
    expect(authHeader(0)).toBe('Bearer token-1');
    expect(authHeader(1)).toBe('Bearer token-2');
  });

  it('lets concurrent 401s wait for one shared refresh', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
      return auth === 'Bearer token-2' ? json(200, { ok: true }) : json(401, { error: 'expired' });
    });
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(identity.refreshCalls).toBe(1);
  });

  it('signs out and sends the person home when the refresh fails', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    identity.refreshResult = null;
    fetchMock.mockResolvedValue(json(401, { error: 'Invalid token' }));
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
    expect(identity.signOutCalls).toBe(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not refresh twice for one request', async () => {
    fetchMock.mockResolvedValue(json(401, { error: 'Still unauthorised' }));
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(identity.refreshCalls).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('rejects an aborted request with an AbortError and does not retry it', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = api.get('/event', { signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    controller.abort();
    const error = await result.catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects a request aborted before it was sent without calling fetch', async () => {
    const controller = new AbortController();
    const result = api.get('/event', { signal: controller.signal });
    controller.abort();
    expect(isAbortError(await result.catch((caught: unknown) => caught))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to the unexpected-error message for anything that is not an ApiError', () => {
    expect(errorMessage(new TypeError('x is undefined'))).toBe('An unexpected error occurred');
  });

  it('waits Retry-After plus jitter after a shed 503, then retries and returns the answer', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const shed = () =>
      new Response(JSON.stringify({ success: false, code: 'OVERLOADED', error: 'busy' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
      });
    fetchMock.mockResolvedValueOnce(shed()).mockResolvedValueOnce(json(200, { success: true, n: 1 }));
    const result = api.post<{ n: number }>('/tickets/create-order', { quantity: 1 });
    // 2 s from the server, times 1.5 for this draw of the jitter.
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((await result).n).toBe(1);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ quantity: 1 }));
  });

  it('gives up after the overload retries with the server message, and never retries a 503 without Retry-After', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      async () => new Response('{}', { status: 503, headers: { 'Retry-After': '1' } }),
    );
    const result = api.get('/event').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).message).toBe(MESSAGES.server);
    expect(fetchMock).toHaveBeenCalledTimes(1 + OVERLOAD_RETRIES);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('{}', { status: 503 }));
    const plain = await api.get('/event').catch((caught: unknown) => caught);
    expect((plain as InstanceType<typeof ApiError>).status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('spreads retries: each wait is drawn from [Retry-After, 2 x Retry-After) and doubles per attempt', () => {
    expect(retryAfterDelayMs('2', 0, () => 0)).toBe(2000);
    expect(retryAfterDelayMs('2', 0, () => 0.999)).toBe(3998);
    expect(retryAfterDelayMs('2', 1, () => 0)).toBe(4000);
    // Two clients shed in the same second come back at different moments.
    const waits = new Set([0.1, 0.4, 0.7].map((draw) => retryAfterDelayMs('2', 0, () => draw)));
    expect(waits.size).toBe(3);
    const now = Date.parse('2026-11-23T20:00:00Z');
    expect(retryAfterDelayMs('Mon, 23 Nov 2026 20:00:05 GMT', 0, () => 0, now)).toBe(5000);
    expect(retryAfterDelayMs(null, 0)).toBeNull();
    expect(retryAfterDelayMs('soon', 0)).toBeNull();
    expect(retryAfterDelayMs('120', 0)).toBeNull();
  });

  describe('idempotency keys', () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const inProgress = () =>
      json(409, {
        success: false,
        code: 'IDEMPOTENCY_IN_PROGRESS',
        error: 'This request is still being processed.',
      });

    it('sends one key with a write, the same on every retry after no answer', async () => {
      vi.useFakeTimers();
      fetchMock
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(json(200, { ok: 1 }));
      const result = api.post('/admin/ticket-types', { name: 'Couple pass' });
      await vi.advanceTimersByTimeAsync(3000);
      await expect(result).resolves.toEqual({ ok: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(keyHeader(0)).toMatch(UUID);
      expect([keyHeader(1), keyHeader(2)]).toEqual([keyHeader(0), keyHeader(0)]);
    });

    it('makes a new key for each call, for every write method, and none for a read', async () => {
      fetchMock.mockImplementation(async () => json(200, {}));
      await api.post('/a', {});
      await api.post('/a', {});
      await api.put('/a', {});
      await api.patch('/a', {});
      await api.delete('/a');
      await api.get('/a');
      const keys = [0, 1, 2, 3, 4].map(keyHeader);
      expect(new Set(keys).size).toBe(5);
      for (const key of keys) expect(key).toMatch(UUID);
      expect(keyHeader(5)).toBeUndefined();
    });

    it('keeps the key when a 401 refresh or a shed 503 sends the write again', async () => {
      vi.useFakeTimers();
      vi.spyOn(Math, 'random').mockReturnValue(0);
      fetchMock
        .mockResolvedValueOnce(json(401, { error: 'expired' }))
        .mockResolvedValueOnce(
          new Response('{}', {
            status: 503,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
          }),
        )
        .mockResolvedValueOnce(json(200, { ok: true }));
      const result = api.post('/tickets/admin/issue-manual', { quantity: 2 });
      // The refresh takes 10 ms (the stub above), the 503's wait 1 s.
      await vi.advanceTimersByTimeAsync(1010);
      await expect(result).resolves.toEqual({ ok: true });
      expect(authHeader(1)).toBe('Bearer token-2');
      expect([keyHeader(1), keyHeader(2)]).toEqual([keyHeader(0), keyHeader(0)]);
    });

    it('waits and asks again with the same key while the server says the first attempt still runs', async () => {
      vi.useFakeTimers();
      fetchMock
        .mockResolvedValueOnce(inProgress())
        .mockResolvedValueOnce(inProgress())
        .mockResolvedValueOnce(json(200, { replayed: true }));
      const result = api.post('/admin/messages', {});
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(2000);
      await expect(result).resolves.toEqual({ replayed: true });
      expect([keyHeader(1), keyHeader(2)]).toEqual([keyHeader(0), keyHeader(0)]);
    });

    it('gives up after a bounded wait with the server message, and treats any other 409 as the answer', async () => {
      vi.useFakeTimers();
      fetchMock.mockImplementation(async () => inProgress());
      const result = api.post('/admin/messages', {}).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(60_000);
      const error = (await result) as InstanceType<typeof ApiError>;
      expect([error.status, error.code]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS']);
      expect(fetchMock).toHaveBeenCalledTimes(1 + IN_PROGRESS_RETRIES);

      fetchMock.mockReset();
      fetchMock.mockResolvedValue(json(409, { code: 'SOLD_OUT', error: 'Sold out' }));
      await expect(api.post('/tickets', {})).rejects.toMatchObject({ code: 'SOLD_OUT' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('makes a version 4 UUID without crypto.randomUUID (a page over plain http)', () => {
      vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
      const keys = [newIdempotencyKey(), newIdempotencyKey()];
      for (const key of keys) expect(key).toMatch(UUID);
      expect(keys[0]).not.toBe(keys[1]);
    });
  });
});
