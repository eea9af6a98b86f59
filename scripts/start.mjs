import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// `npm start`: builds the web app and the server bundle only when what each is built from changed since its
// last build, then runs the bundle in this process. A web build takes a minute or more on a small machine and
// transpiling the server on the fly seconds more; a restart without a change should be ready in seconds
// (docs/decisions/0030-start-builds-only-what-changed.md). Plain JavaScript, so nothing compiles before it runs.

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIPPED = new Set(['node_modules', 'dist', 'test', '.vite']);
const SHARED = ['packages/domain', 'package-lock.json', 'tsconfig.base.json'];

const PARTS = [
  {
    name: 'web app',
    stamp: 'apps/web/dist/.sources-hash',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web', ...SHARED],
    // Errors and real warnings only: the list of every file written is noise to someone starting the product.
    build: () => {
      const vitePackage = createRequire(path.join(ROOT, 'apps/web/package.json')).resolve(
        'vite/package.json',
      );
      const vite = path.join(path.dirname(vitePackage), 'bin/vite.js');
      return run([vite, 'build', '--logLevel', 'warn'], path.join(ROOT, 'apps/web'));
    },
    note: 'about a minute',
  },
  {
    name: 'server',
    stamp: 'apps/server/dist/.sources-hash',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/dev-identity',
      'packages/razorpay-emulator',
      'scripts/build-server.ts',
      ...SHARED,
    ],
    build: () => run(['--import', 'tsx', 'scripts/build-server.ts', '--quiet'], ROOT),
    note: 'a few seconds',
  },
];

function run(args, cwd) {
  return spawnSync(process.execPath, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  }).status;
}

function files(entry) {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => files(path.join(entry, name)));
}

/** One hash over every source file's path and bytes, in a fixed order. */
function sourcesHash(sources) {
  const hash = createHash('sha256');
  for (const file of sources.flatMap(files).sort()) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function upToDate(part, hash) {
  const stamp = path.join(ROOT, part.stamp);
  return (
    existsSync(path.join(ROOT, part.output)) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === hash
  );
}

for (const part of PARTS) {
  const hash = sourcesHash(part.sources);
  if (upToDate(part, hash)) continue;
  const started = performance.now();
  console.log(`Building the ${part.name} (its sources changed since its last build; ${part.note})...`);
  const status = part.build();
  if (status !== 0) {
    console.error(`The ${part.name} did not build (see above). Nothing was started.`);
    process.exit(status ?? 1);
  }
  writeFileSync(path.join(ROOT, part.stamp), `${hash}\n`);
  console.log(`Built the ${part.name} in ${Math.round((performance.now() - started) / 1000)} s.`);
}

// Stack traces point at the TypeScript lines, as with `node --enable-source-maps`.
process.setSourceMapsEnabled(true);
await import('../apps/server/dist/main.js');
