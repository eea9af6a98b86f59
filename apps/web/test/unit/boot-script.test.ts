import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preferredLanguage } from '../../src/lib/i18n/language';

// index.html's boot script picks the language before the first paint, in plain inline JavaScript; the app
// picks it again in preferredLanguage() (language.ts). These must agree, or the pre-rendered first screen and
// React's first render would be in different languages. The script is run here as the browser runs it.

const html = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const bootScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

interface Visitor {
  saved?: string | null;
  /** Storage that throws (blocked by the browser's settings). */
  storageBlocked?: boolean;
  languages: string[];
  language?: string;
}

function storage(visitor: Visitor) {
  const values = new Map<string, string>();
  if (visitor.saved) values.set('utsav.language', visitor.saved);
  const blocked = () => {
    throw new Error('SecurityError');
  };
  return {
    getItem: visitor.storageBlocked ? blocked : (key: string) => values.get(key) ?? null,
    setItem: visitor.storageBlocked ? blocked : (key: string, value: string) => void values.set(key, value),
  };
}

/**
 * Runs the boot script for a visitor at an address, in a document that names a start page on <html> (a start
 * page's own, build/start-page-documents.ts) or none (index.html); returns <html lang> and the attributes
 * <html> has then, the fonts it preloaded and the tab's title.
 */
function boot(
  visitor: Visitor,
  fonts: Record<string, string[]> = {},
  titles: Record<string, string> = {},
  at: { pathname: string; staticPage?: string } = { pathname: '/' },
): {
  lang: string;
  attributes: Record<string, string>;
  preloaded: string[];
  title: string;
  sessionReads: number;
} {
  const root = {
    lang: 'en',
    attributes: (at.staticPage ? { 'data-static-page': at.staticPage } : {}) as Record<string, string>,
    setAttribute(name: string, value: string) {
      this.attributes[name] = value;
    },
    getAttribute(name: string) {
      return this.attributes[name] ?? null;
    },
  };
  const preloaded: string[] = [];
  const document = {
    title: 'Utsav',
    documentElement: root,
    createElement: () => ({}) as Record<string, string>,
    // What it does once the document is parsed (the app's scripts, tidying the unused screens) is not run here.
    addEventListener: () => undefined,
    head: {
      appendChild: (link: Record<string, string>) => preloaded.push(`${link.rel} ${link.as} ${link.href}`),
    },
  };
  const navigator = { languages: visitor.languages, language: visitor.language ?? visitor.languages[0] };
  const script = bootScript
    .replace('/*script-fonts*/ {}', JSON.stringify(fonts))
    .replace('/*site-titles*/ {}', JSON.stringify(titles));
  const session = storage({ languages: [] });
  let sessionReads = 0;
  new Function('document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'matchMedia', script)(
    document,
    navigator,
    storage(visitor),
    {
      ...session,
      getItem: (key: string) => {
        sessionReads += 1;
        return session.getItem(key);
      },
    },
    { pathname: at.pathname },
    () => ({ matches: true }),
  );
  return { lang: root.lang, attributes: root.attributes, preloaded, title: document.title, sessionReads };
}

function appChoice(visitor: Visitor): string {
  vi.stubGlobal('navigator', {
    languages: visitor.languages,
    language: visitor.language ?? visitor.languages[0],
  });
  vi.stubGlobal('localStorage', storage(visitor));
  return preferredLanguage();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const VISITORS: Array<[string, Visitor, string]> = [
  ['a saved choice wins over the browser', { saved: 'gu', languages: ['hi-IN', 'en'] }, 'gu'],
  ['the first browser language we speak', { languages: ['fr-FR', 'hi-IN', 'gu'] }, 'hi'],
  ['a region or case does not matter', { languages: ['GU_in'] }, 'gu'],
  ['a saved value that is none of ours is ignored', { saved: 'fr', languages: ['gu-IN'] }, 'gu'],
  ['no language we speak: English', { languages: ['mr-IN', 'pa'] }, 'en'],
  ['no languages list: navigator.language', { languages: [], language: 'hi' }, 'hi'],
  ['storage blocked: the browser decides', { storageBlocked: true, languages: ['gu-IN'] }, 'gu'],
  ['English first in the browser', { languages: ['en-GB', 'hi'] }, 'en'],
];

describe("the boot script's language", () => {
  for (const [name, visitor, expected] of VISITORS) {
    it(`${name} (${expected}), the same as the app's`, () => {
      expect(boot(visitor).lang).toBe(expected);
      expect(appChoice(visitor)).toBe(expected);
    });
  }

  it("preloads the chosen language's fonts and no other's", () => {
    const fonts = { hi: ['/assets/deva-400.woff2', '/assets/deva-700.woff2'], gu: ['/assets/guj-400.woff2'] };
    expect(boot({ languages: ['hi-IN'] }, fonts).preloaded).toEqual([
      'preload font /assets/deva-400.woff2',
      'preload font /assets/deva-700.woff2',
    ]);
    expect(boot({ languages: ['en-IN'] }, fonts).preloaded).toEqual([]);
  });

  it("names the tab in the chosen language before the app runs (the build's titles; none given: unchanged)", () => {
    const titles = { en: 'Utsav', hi: 'उत्सव', gu: 'ઉત્સવ' };
    expect(boot({ languages: ['gu-IN'] }, {}, titles).title).toBe('ઉત્સવ');
    expect(boot({ saved: 'hi', languages: ['en'] }, {}, titles).title).toBe('उत्सव');
    expect(boot({ languages: ['hi'] }).title).toBe('Utsav');
  });
});

describe("the boot script's first screen", () => {
  const at = (pathname: string, staticPage?: string) =>
    boot({ languages: ['en'] }, {}, {}, { pathname, staticPage }).attributes;

  it("shows the landing's on '/' and no start page's", () => {
    expect(at('/')).toEqual({ 'data-landing': 'yes', 'data-intro': 'skip' });
  });

  it("keeps the scanner's pre-rendered screen its document carries, with or without a final slash", () => {
    for (const pathname of ['/dashboard/qrchecker', '/dashboard/qrchecker/'])
      expect(at(pathname, 'scanner')).toEqual({
        'data-landing': 'no',
        'data-intro': 'skip',
        'data-static-page': 'scanner',
      });
  });

  it("keeps My Tickets' frame its document carries", () => {
    expect(at('/dashboard/guest', 'guest')).toEqual({
      'data-landing': 'no',
      'data-intro': 'skip',
      'data-static-page': 'guest',
    });
  });

  it("opens the tab's sessionStorage before the first paint on a start page, not in the app's first tasks", () => {
    const start = (staticPage?: string) =>
      boot({ languages: ['en'] }, {}, {}, { pathname: '/dashboard/guest', staticPage }).sessionReads;
    expect(start('guest')).toBe(1);
    expect(start()).toBe(0);
  });

  it('shows none of a start page in index.html, at any address', () => {
    for (const pathname of ['/dashboard/guest', '/dashboard/admin', '/dashboard', '/privacy-policy'])
      expect(at(pathname)).toEqual({ 'data-landing': 'no', 'data-intro': 'skip' });
  });
});
