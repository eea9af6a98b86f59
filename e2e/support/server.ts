import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

// The real product as `npm start` runs it (the built web and the server bundle, see server-bundle.ts), on a
// free port with its own data folder.

/** How long a gate scan waits for the server in the browser tests: a hang ceiling, not a budget. */
export const E2E_SCAN_NETWORK_BUDGET_MS = '60000';

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: () => string;
  stop: () => Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');
/** Below the e2e layer's 180 s hook ceiling (vitest.config.ts), which also holds the browser's launch. */
const START_CEILING_MS = 150_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'utsav-e2e-'));
  // The keys made once for the run (server-bundle.ts), not four fresh RSA keys per suite.
  cpSync(inject('serverDataTemplate'), dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [inject('serverBundle')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      AUTH_MODE: 'dev',
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // As in the integration harness: on a loaded test machine the event loop lags and the overload guard
      // would shed the app's own deferrable calls (503 OVERLOADED on My Tickets); its own tests set limits.
      OVERLOAD_MAX_IN_FLIGHT: '100000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '600000',
      // A gate scan waits for this server's answer, however busy the machine (2.5 s in production, after which
      // the phone decides offline: a test expecting the server's answer would race that).
      SCAN_NETWORK_BUDGET_MS: E2E_SCAN_NETWORK_BUDGET_MS,
      // The same for the server's calls to its own Razorpay emulator (10 s in production).
      RAZORPAY_TIMEOUT_MS: '120000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // Only a hang ceiling: a server that fails exits and is reported at once. Starting took over 60 s on a 2-core
  // machine running two other suites' servers and browsers.
  const deadline = Date.now() + START_CEILING_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, dataDir, logs: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`server did not become healthy within ${START_CEILING_MS / 1000} s:\n${output}`);
}
