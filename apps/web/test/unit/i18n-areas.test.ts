import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  areasUsedIn,
  type BuiltChunk,
  catalogChunkName,
  checkFirstScreen,
  knownAreas,
  wrapDynamicImports,
} from '../../build/catalog-areas';
import { ALL_AREAS, FIRST_SCREEN_AREAS, loadAreaCatalog } from '../../src/lib/i18n/catalogs';

const SRC = path.join(import.meta.dirname, '../../src');
const AREAS = new Set(['shell', 'landing', 'auth', 'purchase', 'admin-users', 'errors']);

const chunk = (fileName: string, extra: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  name: fileName.replace(/-\w+\.js$/, ''),
  imports: [],
  moduleIds: [],
  code: 'export {};',
  ...extra,
});

/** A small build as Rolldown reports it: an entry with one static import, a lazy route and catalog chunks. */
function build(overrides: { entryModules?: string[]; entryCode?: string } = {}): BuiltChunk[] {
  return [
    chunk('assets/index-a.js', {
      isEntry: true,
      name: 'index',
      imports: ['assets/react-vendor-b.js'],
      moduleIds: overrides.entryModules ?? ['/app/src/main.tsx', '/app/src/locales/en/shell.json'],
      code: overrides.entryCode ?? 'export {};',
    }),
    chunk('assets/react-vendor-b.js', { moduleIds: ['/app/node_modules/react/index.js'] }),
    chunk('assets/dashboard-c.js', { moduleIds: ['/app/src/app/routes/dashboard.tsx'] }),
    chunk('assets/i18n-hi-first-screen-d.js', {
      name: 'i18n-hi-first-screen',
      moduleIds: ['/app/src/locales/hi/shell.json'],
    }),
    chunk('assets/i18n-gu-first-screen-e.js', {
      name: 'i18n-gu-first-screen',
      moduleIds: ['/app/src/locales/gu/shell.json'],
    }),
    chunk('assets/i18n-hi-purchase-f.js', {
      name: 'i18n-hi-purchase',
      moduleIds: ['/app/src/locales/hi/purchase.json'],
    }),
  ];
}

describe('catalog areas a module uses', () => {
  it('finds whole keys in any quote, and template keys by their area', () => {
    const source = [
      "t('purchase.title')",
      't("admin-users.table.name")',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template key in it
      't(`errors.${code}`)',
      '<Trans i18nKey="landing.faq.cancelA" />',
    ].join('\n');
    expect(areasUsedIn(source, AREAS)).toEqual(['admin-users', 'errors', 'landing', 'purchase']);
  });

  it('ignores strings that only look like keys: unknown areas, paths, file names without a key', () => {
    const source = "import x from './purchase.tsx'; const host = 'example.com'; const f = 'purchase';";
    expect(areasUsedIn(source, AREAS)).toEqual([]);
  });
});

describe('lazy imports wait for their areas', () => {
  it("wraps every import('…') of a literal path, and nothing that only looks like one", () => {
    const source = [
      "const Page = lazy(() => import('./routes/dashboard'));",
      'const sections = () => import("../sections/faq-section").then((m) => m.Faq);',
      'loader.import(x); reimport("y"); await import(`./fixed`);',
    ].join('\n');
    expect(wrapDynamicImports(source)).toBe(
      [
        "const Page = lazy(() => __utsavAfterAreas(import('./routes/dashboard')));",
        'const sections = () => __utsavAfterAreas(import("../sections/faq-section")).then((m) => m.Faq);',
        'loader.import(x); reimport("y"); await __utsavAfterAreas(import(`./fixed`));',
      ].join('\n'),
    );
  });
});

describe('first-screen areas', () => {
  it("are the ones catalogs.ts's globs name, and every area has a catalog loader", async () => {
    // The globs in catalogs.ts are literals (Vite needs them so): they must name exactly these areas.
    const source = readFileSync(path.join(SRC, 'lib/i18n/catalogs.ts'), 'utf8');
    const named = [...source.matchAll(/locales\/(?:en|\*)\/\{([\w,-]+)\}\.json/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const list of named) expect(list?.split(',')).toEqual([...FIRST_SCREEN_AREAS]);
    expect(new Set(ALL_AREAS)).toEqual(knownAreas(path.join(SRC, 'locales')));
    expect(Object.keys(await loadAreaCatalog('hi', 'landing'))).toContain('hero');
  });

  it('go to one chunk per language; every other catalog to its own chunk; English first-screen stays in the entry', () => {
    expect(catalogChunkName('/app/src/locales/hi/landing.json')).toBe('i18n-hi-first-screen');
    expect(catalogChunkName('/app/src/locales/gu/auth.json')).toBe('i18n-gu-first-screen');
    expect(catalogChunkName('/app/src/locales/en/shell.json')).toBeNull();
    expect(catalogChunkName('/app/src/locales/en/purchase.json')).toBe('i18n-en-purchase');
    expect(catalogChunkName('/app/src/locales/hi/admin-users.json')).toBe('i18n-hi-admin-users');
    expect(catalogChunkName('/app/src/features/landing/hero.tsx')).toBeNull();
  });
});

describe('the build check of the first screen', () => {
  it('passes a build whose first chunk holds only first-screen catalogs, and counts each language', () => {
    const report = checkFirstScreen(build(), new Map([['/app/src/app/routes/dashboard.tsx', ['purchase']]]));
    expect(report.problems).toEqual([]);
    expect(report.bytes.hi).toBeGreaterThan(report.bytes.en);
    expect(report.bytes.gu).toBeGreaterThan(report.bytes.en);
  });

  it('fails when a module that waits for another area is in the first chunk', () => {
    const modules = ['/app/src/main.tsx', '/app/src/lib/api-client.ts'];
    const report = checkFirstScreen(
      build({ entryModules: modules }),
      new Map([['/app/src/lib/api-client.ts', ['errors']]]),
    );
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatch(
      /api-client\.ts uses the area\(s\) errors but is part of the first chunk/,
    );
  });

  it('fails when a catalog of another area, or another language, is in the first chunk', () => {
    const modules = [
      '/app/src/main.tsx',
      '/app/src/locales/en/purchase.json',
      '/app/src/locales/hi/shell.json',
    ];
    const report = checkFirstScreen(build({ entryModules: modules }), new Map());
    expect(report.problems).toEqual([
      expect.stringMatching(/catalog en\/purchase\.json is in the first chunk/),
      expect.stringMatching(/catalog hi\/shell\.json is in the first chunk/),
    ]);
  });

  it('fails when zod is in the first chunk', () => {
    const modules = ['/app/src/main.tsx', '/repo/node_modules/zod/v4/core/schemas.js'];
    const report = checkFirstScreen(build({ entryModules: modules }), new Map());
    expect(report.problems).toEqual([expect.stringMatching(/zod is in the first chunk/)]);
  });

  it('fails when the first JavaScript is over the budget, naming the language', () => {
    // Random bytes do not compress: 3 KB of them are over a 2 KB budget in every language.
    const noise = randomBytes(3000).toString('base64');
    const report = checkFirstScreen(build({ entryCode: noise }), new Map(), 2048);
    expect(report.problems).toEqual([
      expect.stringMatching(/in en is [\d.]+ KiB compressed, over the 2 KiB budget/),
      expect.stringMatching(/in hi is/),
      expect.stringMatching(/in gu is/),
    ]);
  });
});
