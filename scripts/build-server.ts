// The server as production runs it: one JavaScript file, `node apps/server/dist/main.js` (docs/decisions/0004-esbuild-bundle.md).
//
//   npm run build --workspace apps/server        # or `npm run build` for the web app and the server
//   npx tsx scripts/build-server.ts --outdir <dir inside the repository>
//   npx tsx scripts/build-server.ts --quiet     # no summary line (npm start)
//
// esbuild bundles apps/server/src and the workspace packages (which export TypeScript source) and leaves every
// npm package external, resolved from node_modules at run time as before. Code that finds files next to
// itself (`new URL('./checkout/checkout.js', import.meta.url)`: the web build, the emulator's checkout script,
// the dev sign-in pages, package.json, fonts) keeps finding them: each module's import.meta.url becomes the
// URL of its source file, computed from the bundle's own location, so the bundle may move with the tree.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: {
    outdir: { type: 'string', default: path.join(ROOT, 'apps/server/dist') },
    // `npm start` says what it builds itself; the size line is for someone measuring the bundle.
    quiet: { type: 'boolean', default: false },
  },
});
const outdir = path.resolve(values.outdir);

/** npm packages stay external; only our own workspaces (@utsav/*) and relative imports are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@utsav/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** import.meta.url of each bundled source file, as its own URL relative to wherever the bundle runs. */
const sourceFileUrls: Plugin = {
  name: 'source-file-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

const started = performance.now();
const result = await build({
  entryPoints: {
    main: path.join(ROOT, 'apps/server/src/main.ts'),
    // The document worker (platform/documents/off-thread.ts looks for it beside main.js).
    'documents-worker': path.join(ROOT, 'apps/server/src/platform/documents/render-worker.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces in production logs point at the TypeScript lines.
  sourcesContent: false,
  plugins: [externalPackages, sourceFileUrls],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
if (!values.quiet)
  console.log(
    `server bundle: ${path.relative(ROOT, path.join(outdir, 'main.js'))} (${Math.round(bytes / 1024)} KB with its map) in ${Math.round(performance.now() - started)} ms`,
  );
