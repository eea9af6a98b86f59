import { DEFAULT_SCAN_NETWORK_BUDGET_MS } from '@utsav/domain/constants';
import { reportAttempt } from './offline/connection-state';

// GET /api/system/client-config tells the browser which identity and payment providers this server uses, and
// how long a gate scan waits for it.
// Fetched with plain fetch (no token, no retries) because the api-client itself depends on identity.

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
}

export interface ClientConfig {
  authMode: 'dev' | 'firebase';
  firebase?: FirebaseWebConfig | undefined;
  payments: 'emulator' | 'razorpay';
  razorpayKeyId?: string | undefined;
  scanNetworkBudgetMs: number;
}

const FALLBACK: ClientConfig = {
  authMode: 'dev',
  payments: 'emulator',
  scanNetworkBudgetMs: DEFAULT_SCAN_NETWORK_BUDGET_MS,
};
/** The last answer, kept so a gate phone reopened offline still signs in with the right provider. */
const REMEMBERED_KEY = 'utsav.client-config';

function remember(body: unknown): void {
  try {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify(body));
  } catch {
    // Storage full or disabled: the next offline start falls back, as before.
  }
}

function remembered(): ClientConfig | null {
  try {
    const raw = localStorage.getItem(REMEMBERED_KEY);
    return raw ? parse(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

let cached: Promise<ClientConfig> | null = null;
/** The answer once it has come (or the remembered one offline): read without waiting by the gate's scans. */
let known: ClientConfig | null = null;

function parse(body: unknown): ClientConfig {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const source = (raw.data && typeof raw.data === 'object' ? raw.data : raw) as Record<string, unknown>;
  const firebase = source.firebase as FirebaseWebConfig | undefined;
  return {
    authMode: source.authMode === 'firebase' && firebase ? 'firebase' : 'dev',
    firebase,
    payments: source.payments === 'razorpay' ? 'razorpay' : 'emulator',
    razorpayKeyId: typeof source.razorpayKeyId === 'string' ? source.razorpayKeyId : undefined,
    scanNetworkBudgetMs:
      typeof source.scanNetworkBudgetMs === 'number' && source.scanNetworkBudgetMs > 0
        ? source.scanNetworkBudgetMs
        : DEFAULT_SCAN_NETWORK_BUDGET_MS,
  };
}

/**
 * How long a start that has a remembered configuration waits for the server's before going on with the
 * remembered one: a slow server must not keep the guest from the tickets saved on the phone (the answer, when
 * it comes, is used from then on).
 */
export const REMEMBERED_AFTER_MS = 800;

export function getClientConfig(): Promise<ClientConfig> {
  if (!cached) {
    const last = remembered();
    const asked = fetch('/api/system/client-config', { headers: { Accept: 'application/json' } })
      .then(
        (response) => {
          reportAttempt({ kind: 'answered', status: response.status });
          return response;
        },
        (error: unknown) => {
          // The first call a page makes: what it met tells the screens whether the device is offline.
          reportAttempt({ kind: 'unreachable' });
          throw error;
        },
      )
      .then(async (response) => {
        if (!response.ok) throw new Error(`client-config ${response.status}`);
        const body: unknown = await response.json();
        remember(body);
        known = parse(body);
        return known;
      })
      .catch(() => {
        // Not kept in memory: the next caller asks again (the server may have been starting up). Offline,
        // the last answer this browser saw beats guessing (a Firebase site must not fall back to dev sign-in).
        cached = null;
        known ??= remembered();
        return known ?? FALLBACK;
      });
    cached = last
      ? Promise.race([
          asked,
          new Promise<ClientConfig>((resolve) =>
            setTimeout(() => {
              known ??= last;
              resolve(last);
            }, REMEMBERED_AFTER_MS),
          ),
        ])
      : asked;
  }
  return cached;
}

/**
 * How long a gate scan waits for the server, from the configuration this page already has (or the last one
 * this browser saw): never a request of its own, so a scan on a network that hangs still decides in time.
 */
export function scanNetworkBudgetMs(): number {
  known ??= remembered();
  return (known ?? FALLBACK).scanNetworkBudgetMs;
}
