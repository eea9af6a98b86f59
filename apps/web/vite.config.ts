import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { catalogAreas, catalogChunkName } from './build/catalog-areas.ts';
import { pagePreloadsPlugin } from './build/page-preloads.ts';
import { reactDomClientEsm } from './build/react-dom-esm.ts';
import { markStartPage, type StartPage, startPageDocumentsPlugin } from './build/start-page-documents.ts';

const API_ORIGIN = 'http://127.0.0.1:8080';
const proxy = {
  '/api': API_ORIGIN,
  '/dev-auth': API_ORIGIN,
  '/razorpay-emulator': API_ORIGIN,
};

const SERVICE_WORKER_SOURCE = path.join(import.meta.dirname, 'src/lib/pwa/service-worker.js');
// Fonts too: the Hindi and Gujarati ones (~180 KB) load after the page, before the worker controls it.
const PRECACHED = /\.(html|js|css|wasm|svg|png|webp|webmanifest|woff2)$/;
// What a guest's worker leaves out: the scanner (its decoder, the zxing wasm) and the staff dashboards.
const STAFF_MODULE = /[\\/]src[\\/](features[\\/](scanner|admin)|app[\\/]routes[\\/]admin-view)[\\/.]/;
const STAFF_PACKAGE = /[\\/]node_modules[\\/](zxing-wasm|barcode-detector)[\\/]/;

function publicFiles(dir: string, prefix = ''): string[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? publicFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

type BuiltFile =
  | { type: 'asset'; fileName: string }
  | { type: 'chunk'; fileName: string; facadeModuleId: string | null; moduleIds: string[] };

/** True for a built file only the gate scanner or the staff dashboards load. */
function staffOnly(item: BuiltFile): boolean {
  if (item.type === 'asset') return item.fileName.endsWith('.wasm');
  if (item.facadeModuleId && STAFF_MODULE.test(item.facadeModuleId)) return true;
  const modules = item.moduleIds.filter((id) => !id.startsWith('\0'));
  return modules.length > 0 && modules.every((id) => STAFF_MODULE.test(id) || STAFF_PACKAGE.test(id));
}

/**
 * Emits /sw.js (see src/lib/pwa/service-worker.js): the service worker source with this build's files to
 * precache, the full list for the gate app and the guest's shorter one, and a version that changes whenever
 * any file name does (Vite hashes names by content, so any change of code makes a new version and the old
 * cache is dropped). Every emitted page (.html) is precached, whatever the build emits: it runs after Vite's
 * HTML step (enforce: 'post') and after the start pages' documents are emitted (build/start-page-documents.ts).
 */
function appServiceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'utsav-app-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const items: BuiltFile[] = Object.values(bundle).filter((item) => PRECACHED.test(item.fileName));
      const shared = ['index.html', ...publicFiles(publicDir)];
      const list = (files: string[]) =>
        [...new Set(files)]
          .filter((file) => PRECACHED.test(file) && file !== 'sw.js')
          .sort()
          .map((file) => `/${file}`);
      const gate = list([...shared, ...items.map((item) => item.fileName)]);
      const guest = list([
        ...shared,
        ...items.filter((item) => !staffOnly(item)).map((item) => item.fileName),
      ]);
      const version = createHash('sha256').update(gate.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(SERVICE_WORKER_SOURCE, 'utf8')
        .replace("'__UTSAV_APP_VERSION__'", JSON.stringify(version))
        .replace('__UTSAV_GATE_PRECACHE__', JSON.stringify(gate, null, 2))
        .replace('__UTSAV_GUEST_PRECACHE__', JSON.stringify(guest, null, 2));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|wasm|txt|xml)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible built file of 1 KB or more, at maximum
 * compression: done once here instead of on every request, and served by @fastify/static (preCompressed).
 * A variant that would not be smaller is not written.
 */
function precompressAssets(): Plugin {
  return {
    name: 'utsav-precompress',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? '';
      const files = publicFiles(outDir).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          if ((await stat(full)).size < 1024) return;
          const bytes = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length) await writeFile(`${full}.br`, br);
          if (gz.length < bytes.length) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

const STATIC_LANDING_SLOT = '<!--static-landing-->';
const STATIC_PAGES_SLOT = '<!--static-pages-->';

/**
 * Renders the landing page's first screen (src/app/shell/static-landing.tsx) and the installed apps' start
 * pages' first screens (src/app/shell/static-pages.tsx), once per language, into index.html at build time,
 * through a throwaway Vite SSR server, so they paint in the reader's language before the JavaScript has
 * loaded; the start pages' marked for their own documents (build/start-page-documents.ts), which are split
 * from index.html once it is built, and listed in `startPages`. Runs before Vite's own HTML step, which then
 * fingerprints the images the markup names like any other.
 */
function prerenderFirstScreens(startPages: StartPage[]): Plugin {
  return {
    name: 'utsav-prerender-first-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        for (const slot of [STATIC_LANDING_SLOT, STATIC_PAGES_SLOT])
          if (!html.includes(slot)) throw new Error(`index.html has no ${slot} slot`);
        const server = await createServer({
          root: import.meta.dirname,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const landing = await server.ssrLoadModule('/src/app/shell/static-landing.tsx');
          const pages = await server.ssrLoadModule('/src/app/shell/static-pages.tsx');
          const screens = (await pages.renderStaticPages()) as Record<string, string>;
          startPages.splice(
            0,
            startPages.length,
            ...Object.entries(pages.STATIC_PAGES as Record<string, string>).map(([name, address]) => ({
              name,
              address,
            })),
          );
          return html
            .replace(STATIC_LANDING_SLOT, await landing.renderStaticLanding())
            .replace(
              STATIC_PAGES_SLOT,
              startPages.map((page) => markStartPage(page.name, screens[page.name] ?? '')).join(''),
            );
        } finally {
          await server.close();
        }
      },
    },
  };
}

const SCRIPT_FONTS_SLOT = '/*script-fonts*/ {}';
const SCRIPT_FONTS: Record<string, RegExp> = {
  hi: /noto-sans-devanagari-devanagari-(400|700)-normal-[\w-]+\.woff2$/,
  gu: /noto-sans-gujarati-gujarati-(400|700)-normal-[\w-]+\.woff2$/,
};

/**
 * Gives index.html's boot script the built URLs of each language's fonts (styles.css's @font-face), which
 * it preloads for the chosen language only, so the pre-rendered first screen's text does not wait for the
 * CSS to be parsed and laid out before its font is requested.
 */
function scriptFontUrls(): Plugin {
  return {
    name: 'utsav-script-font-urls',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(SCRIPT_FONTS_SLOT)) throw new Error(`index.html has no ${SCRIPT_FONTS_SLOT} slot`);
        const files = Object.keys(context.bundle ?? {});
        const urls = Object.fromEntries(
          Object.entries(SCRIPT_FONTS).map(([language, pattern]) => [
            language,
            files.filter((file) => pattern.test(file)).map((file) => `/${file}`),
          ]),
        );
        for (const [language, list] of Object.entries(urls))
          if (list.length !== 2) throw new Error(`expected two built fonts for ${language}, found ${list}`);
        return html.replace(SCRIPT_FONTS_SLOT, JSON.stringify(urls));
      },
    },
  };
}

const SITE_TITLES_SLOT = '/*site-titles*/ {}';
// The languages with a catalog folder (src/locales/<language>), the app's LANGUAGES (packages/domain).
const CATALOG_LANGUAGES = readdirSync(path.join(import.meta.dirname, 'src/locales'));

/**
 * Gives index.html's boot script each language's tab title (the shell catalog's siteTitle), so a Hindi or
 * Gujarati reader's tab is in their language from the first paint, not English until React's first render.
 */
function siteTitles(): Plugin {
  return {
    name: 'utsav-site-titles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(SITE_TITLES_SLOT)) throw new Error(`index.html has no ${SITE_TITLES_SLOT} slot`);
        const titles = Object.fromEntries(
          CATALOG_LANGUAGES.map((language) => {
            const file = path.join(import.meta.dirname, 'src/locales', language, 'shell.json');
            const title = (JSON.parse(readFileSync(file, 'utf8')) as { siteTitle?: unknown }).siteTitle;
            if (typeof title !== 'string' || !title) throw new Error(`${file} has no siteTitle`);
            return [language, title];
          }),
        );
        // Inline script: "<" written as \u003c so no title can close the script element.
        return html.replace(SITE_TITLES_SLOT, JSON.stringify(titles).replaceAll('<', '\\u003c'));
      },
    },
  };
}

const APP_SCRIPTS_SLOT = '/*app-scripts*/ {}';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Hands the app's entry script and its module preloads to index.html's boot script instead of the HTML
 * naming them: on the landing page the boot script asks for them once the pre-rendered first screen has
 * painted, so on a slow link the first paint (HTML, CSS, the hero's image and the reader's fonts) does not
 * share the bandwidth with ~150 KB of JavaScript it does not need; anywhere else it asks at once.
 */
function appScriptsAfterFirstPaint(): Plugin {
  return {
    name: 'utsav-app-scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(APP_SCRIPTS_SLOT)) throw new Error(`index.html has no ${APP_SCRIPTS_SLOT} slot`);
        const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1] as string);
        if (entries.length !== 1)
          throw new Error(`expected one entry script in index.html, found ${entries}`);
        const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
        return html
          .replace(ENTRY_SCRIPT, '')
          .replace(MODULE_PRELOAD, '')
          .replace(APP_SCRIPTS_SLOT, JSON.stringify({ entry: entries[0], preload }));
      },
    },
  };
}

/** Module id -> the catalog areas it loads: filled by catalogAreas, read by the page preloads. */
const lazyAreaModules = new Map<string, string[]>();
/** The start pages with a document of their own: filled by the pre-render, read when the documents are split. */
const startPages: StartPage[] = [];

// The landing page's first chunk holds only the shell, the hero and the first screen's English texts;
// sections, dashboards, legal pages, other catalogs and Firebase are dynamic imports. React, the router and
// the toasts sit in long-cached vendor chunks of their own.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    reactDomClientEsm(),
    react(),
    tailwindcss(),
    catalogAreas({ srcDir: path.join(import.meta.dirname, 'src'), lazyAreaModules }),
    prerenderFirstScreens(startPages),
    scriptFontUrls(),
    siteTitles(),
    appScriptsAfterFirstPaint(),
    pagePreloadsPlugin({ srcRoot: import.meta.dirname, lazyAreaModules: () => lazyAreaModules }),
    // Both after Vite's HTML step (enforce: 'post'), in this order: the worker precaches every document.
    startPageDocumentsPlugin(() => startPages),
    appServiceWorker(),
    precompressAssets(),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // Its report of slow plugins reads like an error to someone running `npm start` on a small machine, where
      // compressing the assets alone takes half a minute; bench/ measures the build when that matters.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              // Catalogs: Hindi's and Gujarati's first-screen areas one chunk each, every other file its own
              // i18n-<language>-<area> chunk (build/catalog-areas.ts).
              name: catalogChunkName,
              debugName: 'catalogs',
              test: /[\\/]locales[\\/]/,
              priority: 30,
            },
            {
              // React DOM's client is initialised in this chunk's own evaluation (src/lib/boot), a task of its
              // own in the boot script's chain; the router and the toasts (whose styles are injected when
              // their module runs) likewise, so the entry's evaluation is not one long task (decision 1113).
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]lib[\\/]boot[\\/]react-dom-client/,
              priority: 20,
            },
            {
              name: 'router-vendor',
              test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: 'toast-vendor',
              test: /node_modules[\\/]sonner[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
