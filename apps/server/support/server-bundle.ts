import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './cluster-harness';

// The server as `npm start` runs it (scripts/build-server.ts), built at most once per test run and shared by the
// suites that start real server processes (start-up, several instances, crash safety). Starting the TypeScript
// through tsx instead costs each process a few seconds of CPU to compile its modules.
//
// `dir` is the run's folder (the integration project's global setup, test/integration-setup.ts, gives it and
// removes it at the end). The first suite that needs the bundle builds it; two suites asking at once may each
// build, and the one whose rename finds the bundle there already drops its own copy.

const builds = new Map<string, Promise<string>>();

/** main.js of the run's server bundle in `dir` (inside the repository, so its npm imports resolve). */
export function serverBundle(dir: string): Promise<string> {
  let build = builds.get(dir);
  if (!build) {
    build = buildOnce(dir);
    builds.set(dir, build);
  }
  return build;
}

async function buildOnce(dir: string): Promise<string> {
  const done = join(dir, 'bundle');
  const main = join(done, 'main.js');
  if (existsSync(main)) return main;
  await mkdir(dir, { recursive: true });
  // A sibling of the final folder: the bundle finds its source files by paths relative to itself.
  const building = join(dir, `building-${process.pid}-${randomBytes(3).toString('hex')}`);
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', '--quiet', '--outdir', building],
    { cwd: REPO_ROOT },
  );
  try {
    await rename(building, done);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    await rm(building, { recursive: true, force: true });
  }
  return main;
}
