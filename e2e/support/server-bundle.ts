import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadOrCreateSigningKeys } from '@utsav/dev-identity/keys';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../../apps/server/src/platform/db/database';
import { loadTestCredentials } from '../../apps/server/src/platform/wallet/test-credentials';

// The e2e project's global setup: one server bundle (scripts/build-server.ts) for the whole run, the file
// `npm start` runs. Every suite that starts the product in its own process (startServer) runs it with plain
// node: starting the TypeScript through tsx instead cost each of those suites about 2 s more CPU, on a
// 2-core machine where the browser layer is bound by CPU.
//
// It also makes, once, the keys a server makes in a fresh data folder (the development sign-in's signing key
// and the stand-in wallet certificates: four RSA keys, over a second of CPU). startServer copies them into each
// suite's data folder, where the server finds and uses them as it would after a restart.
//
// And the SQLite database every migration has run on (not seeded: the seed is the server's, on its own clock,
// and some suites start without it), as the integration layer's suites start (apps/server/support/databases.ts).
// A server on a copy runs its migrator at start and finds nothing to do; the migrations themselves are run from
// empty here and tested by the integration layer's migration suites.

declare module 'vitest' {
  export interface ProvidedContext {
    /** main.js of this run's server bundle. */
    serverBundle: string;
    /**
     * A data folder holding what a server would otherwise make at its first start: the keys, and the SQLite
     * database with every migration run (not seeded).
     */
    serverDataTemplate: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject): Promise<() => void> {
  // Inside the repository, as apps/server/dist is, so the bundle's npm imports resolve from node_modules.
  const outdir = path.join(root, 'node_modules/.cache', `utsav-e2e-server-${process.pid}`);
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', '--quiet', '--outdir', outdir],
    { cwd: root, env: { ...process.env, NODE_ENV: 'production' } },
  );
  project.provide('serverBundle', path.join(outdir, 'main.js'));
  const template = path.join(outdir, 'data-template');
  await loadOrCreateSigningKeys(template);
  await loadTestCredentials(template);
  const db = createDatabase({ databaseUrl: undefined, dataDir: template });
  await migrateToLatest(db);
  // Closing the last connection checkpoints the write-ahead log into the file, which is then whole.
  await db.destroy();
  project.provide('serverDataTemplate', template);
  return () => rmSync(outdir, { recursive: true, force: true });
}
