import type { AppContext } from '../../platform/context';
import { quickPing } from '../../platform/db/database';
import { pingDatabase } from './repo';

const HEALTH_TIMEOUT_MS = 2000;

// The ping in progress per database: health checks that arrive while one runs share its answer (a load
// balancer and a rush of probes cost one query, not one each; the answer is still from a ping that was
// running when they arrived).
const pings = new WeakMap<AppContext['db'], Promise<boolean>>();

/**
 * Cheap enough for a load balancer every few seconds; a hung database counts as down. On SQLite the answer is
 * synchronous (a local file cannot hang a probe the way a network call can), so no timer or promise is made.
 */
export function isHealthy(ctx: AppContext): boolean | Promise<boolean> {
  const quick = quickPing(ctx.db);
  if (quick) {
    try {
      return quick();
    } catch {
      return false;
    }
  }
  let ping = pings.get(ctx.db);
  if (!ping) {
    ping = pingWithTimeout(ctx).finally(() => pings.delete(ctx.db));
    pings.set(ctx.db, ping);
  }
  return ping;
}

async function pingWithTimeout(ctx: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([pingDatabase(ctx.db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export interface ClientConfig {
  success: true;
  authMode: 'dev' | 'firebase';
  firebase?: { apiKey: string; authDomain: string; projectId: string; appId: string };
  payments: 'emulator' | 'razorpay';
  razorpayKeyId: string;
  /** How long a gate scan waits for the server before the phone decides offline. */
  scanNetworkBudgetMs: number;
}

/** What the browser needs to pick its identity and payment providers; public values only, no secrets. */
export function clientConfig(ctx: AppContext): ClientConfig {
  const { config } = ctx;
  const firebase = config.firebase;
  return {
    success: true,
    authMode: config.authMode,
    ...(firebase
      ? {
          firebase: {
            apiKey: firebase.apiKey ?? '',
            authDomain: firebase.authDomain,
            projectId: firebase.projectId,
            appId: firebase.appId ?? '',
          },
        }
      : {}),
    payments: config.payments,
    razorpayKeyId: config.razorpay.keyId,
    scanNetworkBudgetMs: config.scanNetworkBudgetMs,
  };
}
