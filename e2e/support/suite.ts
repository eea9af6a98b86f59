import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type PrivateAppOptions, startPrivateApp } from './private-app';
import { type RunningServer, startServer } from './server';

// What a suite starts once in beforeAll and stops in afterAll, registered by one call at the top of the file.
// Vitest runs beforeAll hooks in the order they were registered and afterAll hooks in the reverse order, so
// a browser registered after a server is closed before that server stops.

/** A value set in beforeAll; reading it before (a typo'd hook, a test at module level) is a suite bug. */
function slot<T>(what: string) {
  let value: T | undefined;
  return {
    set(next: T) {
      value = next;
    },
    get(): T {
      if (value === undefined) throw new Error(`${what} is not started yet: read it inside a test or hook`);
      return value;
    },
    take(): T | undefined {
      const current = value;
      value = undefined;
      return current;
    },
  };
}

export interface SuiteBrowser {
  readonly browser: Browser;
}

// Chromium started by this worker, by launch arguments. The browser layer loads modules once per worker
// (isolate: false), so the files a worker runs one after another share one Chromium instead of each paying
// its start (about a second of CPU, on a 2-core machine where this layer is bound by CPU). What a test does
// lives in its own browser context, and a file closes every context it leaves before the next file runs.
// Playwright stops the browser when the worker exits.
const workerBrowsers = new Map<string, Promise<Browser>>();

function workerBrowser(extraArgs: string[], executablePath?: string): Promise<Browser> {
  const key = JSON.stringify([extraArgs, executablePath ?? '']);
  let started = workerBrowsers.get(key);
  if (!started) {
    started = launchBrowser(extraArgs, executablePath);
    workerBrowsers.set(key, started);
    // A browser that crashed, or failed to start, is started again by the next file that asks.
    started.then(
      (browser) => browser.on('disconnected', () => workerBrowsers.delete(key)),
      () => workerBrowsers.delete(key),
    );
  }
  return started;
}

/**
 * Chromium (see launchBrowser) for the whole file: the headless shell, or with `executablePath` another
 * build (FULL_CHROMIUM_PATH for what only the full browser does, such as its installability check). The
 * same process serves the worker's next files with the same arguments (see workerBrowser).
 */
export function useBrowser(extraArgs: string[] = [], executablePath?: string): SuiteBrowser {
  const browser = slot<Browser>('the browser');
  beforeAll(async () => {
    browser.set(await workerBrowser(extraArgs, executablePath));
  });
  afterAll(async () => {
    const used = browser.take();
    if (used?.isConnected()) await Promise.all(used.contexts().map((context) => context.close()));
  });
  return {
    get browser() {
      return browser.get();
    },
  };
}

export interface ServerAndBrowser extends SuiteBrowser {
  readonly server: RunningServer;
  /**
   * Called at a scene's start: nothing on its first attempt; on a retry (CI runs a failed test again in the same
   * suite) a new server on a new database, at a new address, for a scene whose first attempt leaves what nothing
   * undoes (saved settings, audit entries); `beforeBrowser` is not run again. True when it restarted.
   */
  newInstallOnRetry(scene: string): Promise<boolean>;
}

/** A scene's second start in this file is a retry of it. */
function retryOf(): (scene: string) => boolean {
  const begun = new Set<string>();
  return (scene) => {
    const again = begun.has(scene);
    begun.add(scene);
    return again;
  };
}

export interface ServerAndBrowserOptions {
  /** Arguments for Chromium on top of CHROMIUM_FLAGS (a fake camera, say). */
  browserArgs?: string[];
  /** Work between the server starting and the browser launching (e.g. writing the file a fake camera plays). */
  beforeBrowser?: (server: RunningServer) => Promise<void>;
  /** Which Chromium build (see useBrowser). */
  executablePath?: string;
  /** The server bundle in a process of its own, as `npm start` runs it (see startServer). */
  ownProcess?: boolean;
}

/** The product (see startServer) and one Chromium, for the whole file. */
export function useServerAndBrowser(options: ServerAndBrowserOptions = {}): ServerAndBrowser {
  const server = slot<RunningServer>('the server');
  beforeAll(async () => {
    server.set(await startServer({}, { ownProcess: options.ownProcess }));
    await options.beforeBrowser?.(server.get());
  });
  afterAll(async () => {
    await server.take()?.stop();
  });
  const suite = useBrowser(options.browserArgs, options.executablePath);
  const isRetry = retryOf();
  return {
    get server() {
      return server.get();
    },
    get browser() {
      return suite.browser;
    },
    async newInstallOnRetry(scene: string) {
      if (!isRetry(scene)) return false;
      await server.take()?.stop();
      server.set(await startServer({}, { ownProcess: options.ownProcess }));
      return true;
    },
  };
}

export interface PrivateApp {
  /** This suite's own folder (the web build, the database); removed after the file. */
  readonly workDir: string;
  readonly url: string;
  readonly app: FastifyInstance;
  /** Stops the app and starts it again on a new database, at a new address: a test that needs a fresh install. */
  restart(): Promise<void>;
  /**
   * Called at a scene's start: nothing on its first attempt; on a retry (CI runs a failed test again in the same
   * suite) the app restarts on a new database, for a scene whose first attempt leaves what it cannot undo (a line,
   * an offer, seats sold out). True when it restarted.
   */
  newInstallOnRetry(scene: string): Promise<boolean>;
}

/** The product in this process on its own web build (see startPrivateApp), in a fresh `utsav-<name>-` folder. */
export function usePrivateApp(name: string, options: PrivateAppOptions = {}): PrivateApp {
  const workDir = mkdtempSync(path.join(tmpdir(), `utsav-${name}-`));
  const started = slot<{ app: FastifyInstance; url: string }>('the app');
  const isRetry = retryOf();
  beforeAll(async () => {
    started.set(await startPrivateApp(workDir, options));
  });
  afterAll(async () => {
    await started.take()?.app.close();
    rmSync(workDir, { recursive: true, force: true });
  });
  return {
    workDir,
    get url() {
      return started.get().url;
    },
    get app() {
      return started.get().app;
    },
    async restart() {
      await started.take()?.app.close();
      rmSync(path.join(workDir, 'data'), { recursive: true, force: true });
      started.set(await startPrivateApp(workDir, options));
    },
    async newInstallOnRetry(scene: string) {
      if (!isRetry(scene)) return false;
      await this.restart();
      return true;
    },
  };
}
