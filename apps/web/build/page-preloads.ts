import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGES } from './catalog-areas.ts';

// What index.html's boot script asks for beside the app's entry, so the chunks a page needs load side by side
// instead of one after another (entry, then the route's chunk, then its view's chunk, then their catalogs):
// - for a Hindi or Gujarati reader, on every page, the first-screen catalog chunk (main.tsx waits for it
//   before the first render);
// - on an installed app's start page (the manifests' start_url), that page's lazily imported chunks and the
//   reader's catalogs of the areas their modules use (build/catalog-areas.ts loads those with the code). The
//   boot script also runs those chunks after the entry, one module script at a time in this order (imports
//   first), so the page's code is evaluated in one task per chunk, not in one task when the router imports
//   the page (decision 1114).

/** Each installed app's start page and the lazily imported modules it renders, in the order it imports them. */
export const START_PAGES: Readonly<Record<string, readonly string[]>> = {
  '/dashboard/guest': ['src/app/routes/role-dashboard.tsx', 'src/app/routes/guest-view.tsx'],
  '/dashboard/qrchecker': [
    'src/app/routes/role-dashboard.tsx',
    'src/features/scanner/components/scanner-dashboard.tsx',
  ],
};

/** The part of a built chunk read here (Rolldown's OutputChunk has these). */
export interface PreloadChunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

export interface PagePreloads {
  /** Per language, what every page of a reader of that language needs first. */
  first: Record<string, string[]>;
  /** Per start page, its chunks (`js`, each after the chunks it imports) and per language its catalogs. */
  pages: Record<string, Record<string, string[]>>;
}

/**
 * `start` and every chunk it imports, added to `into` imports first: the order the boot script runs a start
 * page's chunks in, so that each chunk's evaluation is a task of its own (its imports have run already).
 */
function closure(
  start: PreloadChunk,
  byFile: ReadonlyMap<string, PreloadChunk>,
  into: Set<string>,
  seen = new Set<string>(),
): void {
  if (into.has(start.fileName) || seen.has(start.fileName)) return;
  seen.add(start.fileName);
  for (const file of start.imports) {
    const imported = byFile.get(file);
    if (imported) closure(imported, byFile, into, seen);
  }
  into.add(start.fileName);
}

/**
 * The preloads of every start page from the built chunks and `lazyAreaModules` (module id -> the catalog
 * areas it loads, from build/catalog-areas.ts). A start page's module without a chunk of its own is an error:
 * a renamed file must not silently stop being preloaded.
 */
export function pagePreloads(
  chunks: readonly PreloadChunk[],
  srcRoot: string,
  lazyAreaModules: ReadonlyMap<string, readonly string[]>,
): PagePreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byName = new Map(chunks.map((chunk) => [chunk.name, chunk]));
  const url = (file: string) => `/${file}`;
  const catalog = (language: string, area: string) => byName.get(`i18n-${language}-${area}`)?.fileName;
  const loadedFirst = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) closure(entry, byFile, loadedFirst);

  const first: Record<string, string[]> = {};
  for (const language of LANGUAGES) {
    const file = catalog(language, 'first-screen');
    if (file) first[language] = [url(file)];
  }
  const pages: Record<string, Record<string, string[]>> = {};
  for (const [page, modules] of Object.entries(START_PAGES)) {
    const files = new Set<string>();
    for (const module of modules) {
      const id = path.join(srcRoot, module);
      const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
      if (!chunk) throw new Error(`${page}: ${module} has no chunk of its own to preload`);
      closure(chunk, byFile, files);
    }
    const own = [...files].filter((file) => !loadedFirst.has(file));
    const areas = new Set(
      own.flatMap((file) => byFile.get(file)?.moduleIds.flatMap((id) => lazyAreaModules.get(id) ?? []) ?? []),
    );
    pages[page] = { js: own.map(url) };
    for (const language of LANGUAGES)
      pages[page][language] = [...areas].flatMap((area) => {
        const file = catalog(language, area);
        return file ? [url(file)] : [];
      });
  }
  return { first, pages };
}

const SLOT = '/*page-preloads*/ {}';

/** Fills index.html's boot script's page preloads from the bundle (see pagePreloads). */
export function pagePreloadsPlugin(options: {
  srcRoot: string;
  lazyAreaModules: () => ReadonlyMap<string, readonly string[]>;
}): Plugin {
  return {
    name: 'utsav-page-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(SLOT)) throw new Error(`index.html has no ${SLOT} slot`);
        const chunks = Object.values(context.bundle ?? {}).filter(
          (item): item is typeof item & PreloadChunk => item.type === 'chunk',
        );
        const preloads = pagePreloads(
          chunks.map((chunk) => ({
            ...chunk,
            moduleIds: chunk.moduleIds.map((id) => id.split('?')[0] ?? id),
          })),
          options.srcRoot,
          options.lazyAreaModules(),
        );
        return html.replace(SLOT, JSON.stringify(preloads));
      },
    },
  };
}
