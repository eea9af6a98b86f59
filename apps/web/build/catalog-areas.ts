import { readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';
import { FIRST_SCREEN_AREAS } from '../src/lib/i18n/first-screen-areas.ts';

// Catalog areas outside the landing page's first screen are loaded with the code that uses them, by the
// build, so nobody has to remember to: see `catalogAreas` below and src/lib/i18n/areas.ts.

export const LANGUAGES = ['en', 'hi', 'gu'] as const;
/** What the landing page may ship as JavaScript before any interaction, per language. */
export const FIRST_SCREEN_JS_BUDGET_BYTES = 170 * 1024;

const LOCALE_FILE = /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/;
/**
 * zod, which api files parse their answers with (packages/domain/src/api): ~25 KiB compressed, kept out of
 * the first chunk; the landing page reads GET /event and GET /auth/me by their schemas' types instead.
 */
const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]/;

/** The areas with a catalog: the file names of locales/en. */
export function knownAreas(localesDir: string): Set<string> {
  return new Set(
    readdirSync(path.join(localesDir, 'en'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length)),
  );
}

/**
 * The catalog areas a module's source uses: string literals that begin with a known area and a dot
 * ('purchase.title', "legal.x", `errors.${code}`). Keys are written out whole in the code (the catalog test
 * requires it), so this finds every area a module's texts come from.
 */
export function areasUsedIn(source: string, areas: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/['"`]([a-z][\w-]*)\.[\w$]/g)) {
    const area = match[1] as string;
    if (areas.has(area)) found.add(area);
  }
  return [...found].sort();
}

/** The i18next chunk a catalog module goes to: one per language for the first screen, else one per file. */
export function catalogChunkName(moduleId: string): string | null {
  const match = LOCALE_FILE.exec(moduleId);
  if (!match) return null;
  const [, language, area] = match as unknown as [string, string, string];
  if (FIRST_SCREEN_AREAS.includes(area)) return language === 'en' ? null : `i18n-${language}-first-screen`;
  return `i18n-${language}-${area}`;
}

/** The part of a built chunk this check reads (Rollup/Rolldown's OutputChunk has these). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  name: string;
  imports: string[];
  moduleIds: string[];
  code: string;
}

/** A chunk and every chunk it imports statically, transitively: what loads before it runs. */
function staticGraph(start: BuiltChunk, chunks: Map<string, BuiltChunk>): BuiltChunk[] {
  const seen = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return [...seen.values()];
}

export interface FirstScreenReport {
  /** Compressed (brotli) bytes of the entry's static graph plus the language's first-screen catalogs. */
  bytes: Record<(typeof LANGUAGES)[number], number>;
  problems: string[];
}

/**
 * What the landing page loads before it renders, per language, from the built chunks: the entry chunk and
 * its static imports (the modulepreloads of index.html), plus for Hindi and Gujarati their first-screen
 * catalog chunk. A problem is reported when that exceeds the budget, when a catalog of another area is in
 * it, when a module in it waits for another area (`lazyAreaModules`: module id -> areas it loads), or when
 * zod is in it.
 */
export function checkFirstScreen(
  chunks: readonly BuiltChunk[],
  lazyAreaModules: ReadonlyMap<string, readonly string[]>,
  budgetBytes = FIRST_SCREEN_JS_BUDGET_BYTES,
): FirstScreenReport {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const problems: string[] = [];
  if (entries.length !== 1) problems.push(`expected one entry chunk, found ${entries.length}`);
  const first = entries[0] ? staticGraph(entries[0], byFile) : [];
  for (const chunk of first) {
    if (chunk.moduleIds.some((id) => ZOD_MODULE.test(id)))
      problems.push(
        `zod is in the first chunk (${chunk.fileName}): an api file that parses its answer with a response ` +
          'schema is imported by the landing page; import it lazily (import()) or only its types',
      );
    for (const id of chunk.moduleIds) {
      const locale = LOCALE_FILE.exec(id);
      if (locale && !(locale[1] === 'en' && FIRST_SCREEN_AREAS.includes(locale[2] as string)))
        problems.push(
          `the catalog ${locale[1]}/${locale[2]}.json is in the first chunk (${chunk.fileName}); only the ` +
            `English first-screen areas (${FIRST_SCREEN_AREAS.join(', ')}) belong there`,
        );
      const areas = lazyAreaModules.get(id);
      if (areas)
        problems.push(
          `${id} uses the area(s) ${areas.join(', ')} but is part of the first chunk (${chunk.fileName}), so ` +
            'the landing page would render before their catalogs are in (keys would show): load the module lazily (a route, React.lazy, ' +
            'import()) or, if the first screen really needs the area, add it to FIRST_SCREEN_AREAS (src/lib/i18n/first-screen-areas.ts) and to the globs of catalogs.ts',
        );
    }
  }
  // Brotli at the quality the build's precompressed files have (vite.config.ts): what the server sends.
  const size = (list: readonly BuiltChunk[]) =>
    list.reduce(
      (sum, chunk) =>
        sum +
        brotliCompressSync(chunk.code, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length,
      0,
    );
  const firstBytes = size(first);
  const bytes = { en: firstBytes, hi: firstBytes, gu: firstBytes };
  for (const language of ['hi', 'gu'] as const) {
    const catalogs = chunks.find((chunk) => chunk.name === `i18n-${language}-first-screen`);
    if (!catalogs) {
      problems.push(`no first-screen catalog chunk for ${language}`);
      continue;
    }
    const extra = staticGraph(catalogs, byFile).filter((chunk) => !first.includes(chunk));
    bytes[language] = firstBytes + size(extra);
  }
  for (const language of LANGUAGES) {
    if (bytes[language] > budgetBytes)
      problems.push(
        `the landing page's first JavaScript in ${language} is ${(bytes[language] / 1024).toFixed(1)} KiB ` +
          `compressed, over the ${(budgetBytes / 1024).toFixed(0)} KiB budget`,
      );
  }
  return { bytes, problems };
}

/** `import('…')` with a string literal: the app's lazy pages, sections, dialogs and libraries. */
const DYNAMIC_IMPORT = /(?<![\w$.])import\(\s*(['"`])[^'"`]+\1\s*\)/g;

/** The module's `import('…')` calls wrapped in `__utsavAfterAreas(…)`. */
export function wrapDynamicImports(code: string): string {
  return code.replace(DYNAMIC_IMPORT, (call) => `__utsavAfterAreas(${call})`);
}

/**
 * Two jobs in the build (and dev server):
 * - every module under src/ whose texts come from areas outside the first screen gets, at its end,
 *   `ensureAreas([...])`, which starts loading those catalogs when the module runs, and every `import('…')`
 *   under src/ becomes `afterAreas(import('…'))`, which resolves once they are in (src/lib/i18n/areas.ts):
 *   a lazy route, section or dialog renders with its texts, `t('area.key')` works on its first render and
 *   no key ever flashes;
 * - after bundling, the first-screen check above fails the build on a problem.
 */
export function catalogAreas(options: {
  srcDir: string;
  /** Filled in here: module id -> the areas it loads (build/page-preloads.ts reads it). */
  lazyAreaModules?: Map<string, string[]>;
}): Plugin {
  const localesDir = path.join(options.srcDir, 'locales');
  const i18nDir = path.join(options.srcDir, 'lib', 'i18n');
  const areasModule = path.join(i18nDir, 'areas.ts');
  const lazyAreaModules = options.lazyAreaModules ?? new Map<string, string[]>();
  let log: (message: string) => void = () => undefined;
  return {
    name: 'utsav-catalog-areas',
    configResolved(config) {
      log = (message) => config.logger.info(message);
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.(ts|tsx)$/.test(file) || !file.startsWith(options.srcDir) || file.startsWith(i18nDir)) return;
      const lazy = areasUsedIn(code, knownAreas(localesDir)).filter(
        (area) => !FIRST_SCREEN_AREAS.includes(area),
      );
      if (lazy.length === 0) lazyAreaModules.delete(file);
      else lazyAreaModules.set(file, lazy);
      const wrapped = wrapDynamicImports(code);
      if (lazy.length === 0 && wrapped === code) return;
      const used = [
        ...(lazy.length > 0 ? ['ensureAreas as __utsavEnsureAreas'] : []),
        ...(wrapped !== code ? ['afterAreas as __utsavAfterAreas'] : []),
      ];
      // Appended, so the module's lines keep their numbers (imports are hoisted wherever they stand); the
      // wrapped imports stay on their lines.
      const start = lazy.length > 0 ? `void __utsavEnsureAreas(${JSON.stringify(lazy)});\n` : '';
      return {
        code: `${wrapped}\nimport { ${used.join(', ')} } from ${JSON.stringify(areasModule)};\n${start}`,
        map: null,
      };
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                isEntry: item.isEntry,
                name: item.name,
                imports: item.imports,
                moduleIds: item.moduleIds.map((id) => id.split('?')[0] ?? id),
                code: item.code,
              },
            ]
          : [],
      );
      const report = checkFirstScreen(chunks, lazyAreaModules);
      log(
        `first screen JS (brotli): ${LANGUAGES.map((language) => `${language} ${(report.bytes[language] / 1024).toFixed(1)} KiB`).join(', ')} (budget ${FIRST_SCREEN_JS_BUDGET_BYTES / 1024} KiB)`,
      );
      if (report.problems.length > 0)
        this.error(`The landing page's first screen:\n- ${report.problems.join('\n- ')}`);
    },
  };
}
