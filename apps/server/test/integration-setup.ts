import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

// The integration project's global setup: a folder for this run's server bundle (support/server-bundle.ts),
// built there by the first suite that starts a real server process and removed when the run ends.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's server bundle is (or will be) built. */
    serverBundleDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

export default function setup(project: TestProject): () => void {
  // Inside the repository, as apps/server/dist is, so the bundle's npm imports resolve from node_modules.
  const dir = path.join(root, 'node_modules/.cache', `utsav-integration-server-${process.pid}`);
  project.provide('serverBundleDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
