import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The client-config answer is remembered, so a gate phone reopened offline keeps its sign-in provider
// (node environment: fetch and localStorage are stand-ins, the module is loaded afresh per test).

const FIREBASE = {
  authMode: 'firebase',
  firebase: { apiKey: 'k', authDomain: 'login.utsav.in', projectId: 'utsav', appId: 'a' },
  payments: 'razorpay',
  razorpayKeyId: 'rzp_live_x',
};

const storage = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>();

async function freshModule() {
  vi.resetModules();
  return import('../../src/lib/client-config');
}

beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('getClientConfig', () => {
  it('answers from the server and remembers the answer', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ success: true, data: FIREBASE }));
    const { getClientConfig } = await freshModule();
    expect(await getClientConfig()).toMatchObject({ authMode: 'firebase', payments: 'razorpay' });
    expect(storage.size).toBe(1);
  });

  it('offline, answers with the last remembered config instead of the development fallback', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ success: true, data: FIREBASE }));
    await (await freshModule()).getClientConfig();

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const reopened = await freshModule();
    const config = await reopened.getClientConfig();
    expect(config.authMode).toBe('firebase');
    expect(config.firebase?.authDomain).toBe('login.utsav.in');
  });

  it('a server slow to answer: the remembered config after a moment, the answer once it comes', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ success: true, data: FIREBASE }));
    await (await freshModule()).getClientConfig();

    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    vi.useFakeTimers();
    try {
      const reopened = await freshModule();
      const config = reopened.getClientConfig();
      await vi.advanceTimersByTimeAsync(reopened.REMEMBERED_AFTER_MS);
      expect((await config).authMode).toBe('firebase');
      answer(Response.json({ success: true, data: { ...FIREBASE, scanNetworkBudgetMs: 9_000 } }));
      await vi.waitFor(() => expect(reopened.scanNetworkBudgetMs()).toBe(9_000));
    } finally {
      vi.useRealTimers();
    }
  });

  it('offline with nothing remembered, falls back to the development providers and asks again next time', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { getClientConfig } = await freshModule();
    expect(await getClientConfig()).toEqual({
      authMode: 'dev',
      payments: 'emulator',
      scanNetworkBudgetMs: 2500,
    });
    fetchMock.mockResolvedValueOnce(Response.json({ success: true, data: FIREBASE }));
    expect((await getClientConfig()).authMode).toBe('firebase');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("tells a gate scan how long to wait for the server: the server's setting, never a request of its own", async () => {
    const { getClientConfig, scanNetworkBudgetMs } = await freshModule();
    expect(scanNetworkBudgetMs()).toBe(2500);
    fetchMock.mockResolvedValueOnce(
      Response.json({ success: true, data: { ...FIREBASE, scanNetworkBudgetMs: 60_000 } }),
    );
    await getClientConfig();
    expect(scanNetworkBudgetMs()).toBe(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Reopened offline: the last answer's setting.
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await freshModule()).scanNetworkBudgetMs()).toBe(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
