import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from './free-port';
import { E2E_SCAN_NETWORK_BUDGET_MS, startPrivateApp } from './private-app';

// The product for a browser file: a free port, a data folder of its own (copied from the run's template: the
// keys and the migrated database, server-bundle.ts) and the demo seed.
//
// By default in this test process (buildApp, as main.ts builds it, on the run's web build; see startPrivateApp).
// The browser layer loads the server's modules once per worker (isolate: false), so such a start costs a few tenths
// of a CPU second, and the routes run on code the worker has already compiled. A server in a process of its own
// (the run's bundle, as `npm start` runs it) paid about 1.2 s of CPU to load its modules, then ran every route cold:
// about 1.5-2.5 s of CPU a file more, on a 2-core machine where this layer is bound by CPU. `ownProcess` keeps that
// for the files that check what only the bundle can get wrong: the files found beside it (the sign-in chooser's
// pages, the payment emulator's checkout script).

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** The run's server bundle in a process of its own, as `npm start` runs it, instead of in this process. */
  ownProcess?: boolean;
}

const root = path.resolve(import.meta.dirname, '../..');
/** Below the e2e layer's 180 s hook ceiling (vitest.config.ts), which also holds the browser's launch. */
const START_CEILING_MS = 150_000;

export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  if (!options.ownProcess) return startInProcess(env);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'utsav-e2e-'));
  // The keys and the migrated database made once for the run (server-bundle.ts), not four fresh RSA keys and
  // every migration per suite.
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

async function startInProcess(env: Record<string, string>): Promise<RunningServer> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'utsav-e2e-'));
  const { app, url } = await startPrivateApp(workDir, { env });
  return {
    url,
    dataDir: path.join(workDir, 'data'),
    logs: () => '',
    async stop() {
      await app.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
