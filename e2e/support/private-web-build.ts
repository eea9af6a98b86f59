import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

// The e2e project's global setup: one production build of the web for the whole run, in a folder of its own,
// served read-only by every suite that runs the product in its own process (see startPrivateApp). Building
// once here instead of once per suite saves ~7 s a suite; a rebuild of apps/web/dist by anyone while the
// run goes on still cannot change what those suites test.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's private web build. */
    privateWebDist: string;
  }
}

const webRoot = path.resolve(import.meta.dirname, '../../apps/web');

export default async function setup(project: TestProject): Promise<() => void> {
  // scripts/test-all.sh has just built the web into a folder of its own: that build, as it is.
  const built = process.env.E2E_WEB_DIST;
  if (built) {
    project.provide('privateWebDist', path.resolve(built));
    return () => undefined;
  }
  const workDir = mkdtempSync(path.join(tmpdir(), 'utsav-e2e-web-'));
  const webDist = path.join(workDir, 'web');
  // Vitest sets NODE_ENV=test, which Vite would keep, bundling React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir: webDist, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  project.provide('privateWebDist', webDist);
  return () => rmSync(workDir, { recursive: true, force: true });
}
