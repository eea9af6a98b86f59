import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { CHROMIUM_FLAGS, FULL_CHROMIUM_PATH } from './browser';

// Lighthouse drives Chromium over the DevTools protocol on a port. We start Debian's Chromium ourselves (same
// flags as the Playwright tests) rather than through chrome-launcher, which is only a transitive dependency.

export interface DebuggableChromium {
  port: number;
  close: () => Promise<void>;
}

export async function launchDebuggableChromium(extraArgs: string[] = []): Promise<DebuggableChromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'utsav-lighthouse-'));
  const child: ChildProcess = spawn(
    FULL_CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      ...extraArgs,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // A process group of its own: Debian's /usr/bin/chromium is a shell script that runs the browser as its
    // child, so stopping the script alone left the browser running (and writing into its profile).
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let stderr = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not open a debugging port:\n${stderr}`)),
      30_000,
    );
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      const match = stderr.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}:\n${stderr}`));
    });
  });
  const close = async () => {
    const group = -(child.pid ?? 0);
    if (child.pid) signalGroup(group, 'SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    // The browser and its helpers leave after the script: the profile is removed once none is left (a hang
    // ceiling of 60 s, then they are killed).
    const deadline = Date.now() + 60_000;
    while (child.pid && signalGroup(group, 0)) {
      if (Date.now() > deadline) signalGroup(group, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  return { port, close };
}

/**
 * One Lighthouse run on Lighthouse's default profile: mobile form factor, simulated slow 4G and 4x CPU.
 * Each run gets a fresh Chromium, so no cache, service worker or session storage carries over.
 * `chromiumArgs` go to that Chromium: `--accept-lang=hi-IN,hi` makes a Hindi reader's browser.
 * `prepare` runs on that Chromium's debugging port before Lighthouse (a signed-in session stored in the
 * origin's localStorage, with `disableStorageReset` so Lighthouse keeps it).
 */
export async function runLighthouse(
  url: string,
  flags: Flags = {},
  chromiumArgs: string[] = [],
  prepare?: (port: number) => Promise<void>,
): Promise<RunnerResult> {
  const chromium = await launchDebuggableChromium(chromiumArgs);
  try {
    await prepare?.(chromium.port);
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      ...flags,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result;
  } finally {
    await chromium.close();
  }
}

/** Sends `signal` to a process group; false when no process of it is left. */
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(group, signal);
    return true;
  } catch {
    return false;
  }
}
