import { cpSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/platform/config';
import { freePort } from './free-port';

/** How long a gate scan waits for the server in the browser tests: a hang ceiling, not a budget. */
export const E2E_SCAN_NETWORK_BUDGET_MS = '60000';

export interface PrivateAppOptions {
  /** Settings on top of the defaults below, as the environment would give them (WAITING_ROOM, say). */
  env?: Record<string, string>;
  /**
   * The app's clock (apps/server/support/clock.ts): a suite whose screens depend on time passing (a turn in
   * the waiting room) moves it itself, so nothing happens on the server while the browser is still getting there.
   */
  now?: () => Date;
  /**
   * The Razorpay emulator's refunds wait until the test settles them (POST /razorpay-emulator/_test/refunds/settle)
   * instead of settling 1.5 s after they are made: a suite that forces refunds to fail decides when each one does.
   */
  refundsSettledByTest?: boolean;
}

/**
 * The product in this test process, with its database in `workDir`, on the run's own production build of
 * the web (built once by private-web-build.ts, the e2e project's global setup): a suite that reads the
 * database or lets a service worker cache assets cannot share apps/web/dist, which anyone may rebuild.
 */
export async function startPrivateApp(
  workDir: string,
  options: PrivateAppOptions = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(workDir, 'data');
  // The keys and the migrated database made once for the run (server-bundle.ts).
  cpSync(inject('serverDataTemplate'), dataDir, { recursive: true });
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    AUTH_MODE: 'dev',
    DEMO_SEED: 'true',
    LOG_LEVEL: 'warn',
    // As for startServer: the browser shares this process, so its event loop lags on a busy machine and the
    // overload guard would refuse the app's own calls; shedding has its own suite.
    OVERLOAD_MAX_IN_FLIGHT: '100000',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '600000',
    SCAN_NETWORK_BUDGET_MS: E2E_SCAN_NETWORK_BUDGET_MS,
    RAZORPAY_TIMEOUT_MS: '120000',
    ...options.env,
  });
  const app = await buildApp(
    {
      ...config,
      webDistDir: inject('privateWebDist'),
      ...(options.refundsSettledByTest ? { emulatorRefundDelayMs: null } : {}),
    },
    options.now ? { now: options.now } : {},
  );
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url };
}
