// GET /api/system/client-config tells the browser which identity and payment providers this server uses.
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
}

const FALLBACK: ClientConfig = { authMode: 'dev', payments: 'emulator' };

let cached: Promise<ClientConfig> | null = null;

function parse(body: unknown): ClientConfig {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const source = (raw.data && typeof raw.data === 'object' ? raw.data : raw) as Record<string, unknown>;
  const firebase = source.firebase as FirebaseWebConfig | undefined;
  return {
    authMode: source.authMode === 'firebase' && firebase ? 'firebase' : 'dev',
    firebase,
    payments: source.payments === 'razorpay' ? 'razorpay' : 'emulator',
    razorpayKeyId: typeof source.razorpayKeyId === 'string' ? source.razorpayKeyId : undefined,
  };
}

export function getClientConfig(): Promise<ClientConfig> {
  if (!cached) {
    cached = fetch('/api/system/client-config', { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`client-config ${response.status}`);
        return parse(await response.json());
      })
      .catch(() => {
        // Not cached: the next caller asks again (the server may have been starting up).
        cached = null;
        return FALLBACK;
      });
  }
  return cached;
}
