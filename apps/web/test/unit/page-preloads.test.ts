import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PreloadChunk, pagePreloads, START_PAGES } from '../../build/page-preloads';

const ROOT = '/app';
const id = (file: string) => path.join(ROOT, file);

function chunk(fileName: string, fields: Partial<PreloadChunk> = {}): PreloadChunk {
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/^assets\//, '').replace(/-[\w]+\.js$/, ''),
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    moduleIds: [],
    ...fields,
  };
}

/** A small build as Rolldown reports it: the entry, the start pages' lazy chunks and catalog chunks. */
const BUILD: PreloadChunk[] = [
  chunk('assets/index-a.js', { isEntry: true, imports: ['assets/vendor-b.js'] }),
  chunk('assets/vendor-b.js'),
  chunk('assets/role-dashboard-c.js', {
    facadeModuleId: id('src/app/routes/role-dashboard.tsx'),
    imports: ['assets/vendor-b.js', 'assets/redirect-d.js'],
    moduleIds: [id('src/app/routes/role-dashboard.tsx')],
  }),
  chunk('assets/redirect-d.js'),
  chunk('assets/guest-view-e.js', {
    facadeModuleId: id('src/app/routes/guest-view.tsx'),
    moduleIds: [id('src/app/routes/guest-view.tsx'), id('src/features/tickets/ticket-card.tsx')],
  }),
  chunk('assets/scanner-dashboard-f.js', {
    facadeModuleId: id('src/features/scanner/components/scanner-dashboard.tsx'),
    moduleIds: [id('src/features/scanner/components/scanner-dashboard.tsx')],
  }),
  ...['en', 'hi', 'gu'].flatMap((language) => [
    chunk(`assets/i18n-${language}-tickets-1.js`),
    chunk(`assets/i18n-${language}-scanner-2.js`),
  ]),
  chunk('assets/i18n-hi-first-screen-3.js'),
  chunk('assets/i18n-gu-first-screen-4.js'),
];

const AREAS = new Map([
  [id('src/features/tickets/ticket-card.tsx'), ['tickets']],
  [id('src/features/scanner/components/scanner-dashboard.tsx'), ['scanner', 'tickets']],
]);

describe("the boot script's preloads", () => {
  it('names each start page of an installed app', () => {
    expect(Object.keys(START_PAGES).sort()).toEqual(['/dashboard/guest', '/dashboard/qrchecker']);
  });

  it("gives a Hindi or Gujarati reader's first-screen catalog on every page, nothing extra in English", () => {
    const { first } = pagePreloads(BUILD, ROOT, AREAS);
    expect(first).toEqual({
      hi: ['/assets/i18n-hi-first-screen-3.js'],
      gu: ['/assets/i18n-gu-first-screen-4.js'],
    });
  });

  it("gives a start page its lazy chunks (not the entry's), each after what it imports, and the reader's catalogs of their areas", () => {
    const { pages } = pagePreloads(BUILD, ROOT, AREAS);
    expect(pages['/dashboard/guest']).toEqual({
      js: ['/assets/redirect-d.js', '/assets/role-dashboard-c.js', '/assets/guest-view-e.js'],
      en: ['/assets/i18n-en-tickets-1.js'],
      hi: ['/assets/i18n-hi-tickets-1.js'],
      gu: ['/assets/i18n-gu-tickets-1.js'],
    });
    expect(pages['/dashboard/qrchecker']?.js).toEqual([
      '/assets/redirect-d.js',
      '/assets/role-dashboard-c.js',
      '/assets/scanner-dashboard-f.js',
    ]);
    expect(pages['/dashboard/qrchecker']?.gu).toEqual([
      '/assets/i18n-gu-scanner-2.js',
      '/assets/i18n-gu-tickets-1.js',
    ]);
  });

  it('fails the build when a start page module has no chunk of its own (renamed or no longer lazy)', () => {
    const without = BUILD.filter((item) => item.fileName !== 'assets/guest-view-e.js');
    expect(() => pagePreloads(without, ROOT, AREAS)).toThrow(/guest-view\.tsx has no chunk/);
  });
});
