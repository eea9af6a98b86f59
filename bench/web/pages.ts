import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { chromium } from 'playwright-core';
import { apiAt } from '../../e2e/support/api';

// What bench/web/run.ts measures: the reference (the landing page's pre-rendered first screen as plain HTML and
// CSS, no script), the landing page, My Tickets as the guest's home-screen app opens it on a return visit
// (the phone's saved copy of the person from an earlier visit, nothing cached), and the scanner's first
// screen as the gate app opens it, each a signed-in person's page with that person's session stored.

export type Language = 'en' | 'hi' | 'gu';
export type PageName = 'reference' | 'landing' | 'my-tickets' | 'scanner';

export interface BenchPage {
  name: PageName;
  /** The page's path for a reader of `language`. */
  path: (language: Language) => string;
  /** The account whose session is stored before the load (email), or none. */
  account?: { email: string; name: string };
  /** A request every successful load of this page makes (it shows the page got past sign-in). */
  proof?: RegExp;
  /**
   * Measured as a return visit: the page is loaded once, unmeasured, in the same browser, so the app saves
   * what it keeps on the phone (IndexedDB: lib/offline/person-store.ts); then the browser's HTTP cache, the
   * service worker and its caches are cleared, so the measured load still fetches every file.
   */
  returnVisit?: boolean;
}

export const PAGES: Record<PageName, BenchPage> = {
  reference: { name: 'reference', path: (language) => `/bench-reference-${language}.html` },
  landing: { name: 'landing', path: () => '/', proof: /\/api\/event(\?|$)/ },
  // The start_url of public/guest.webmanifest and public/manifest.webmanifest.
  'my-tickets': {
    name: 'my-tickets',
    path: () => '/dashboard/guest',
    account: { email: 'bench-guest@utsav.test', name: 'Bench Guest' },
    proof: /\/api\/tickets\/my-tickets/,
    returnVisit: true,
  },
  scanner: {
    name: 'scanner',
    path: () => '/dashboard/qrchecker',
    account: { email: 'checker@utsav.test', name: 'Kiran Checker' },
    proof: /\/api\/tickets\/checkin\/snapshot/,
  },
};

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>\s*/g;

/**
 * The landing page's first screen with no script: index.html as built, its scripts removed, and what the boot
 * script would decide written in (`<html lang>`, on '/', no intro: the hero as a returning visitor sees it),
 * with the language's fonts preloaded and its title, as the boot script does.
 */
export function referenceHtml(indexHtml: string, language: Language): string {
  const json = (name: string) => {
    const match = new RegExp(`var ${name} = (\\{.*?\\});`).exec(indexHtml);
    if (!match?.[1]) throw new Error(`index.html's boot script has no ${name}`);
    return JSON.parse(match[1]) as Record<string, unknown>;
  };
  const fonts = (json('fonts')[language] ?? []) as string[];
  const title = String(json('titles')[language] ?? '');
  const preloads = fonts
    .map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin="anonymous" href="${href}">`)
    .join('');
  const html = indexHtml
    .replace(SCRIPT, '')
    .replace('<html lang="en">', `<html lang="${language}" data-landing="yes" data-intro="skip">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>${preloads}`);
  if (/<script/i.test(html)) throw new Error('the reference page still has a script');
  return html;
}

/**
 * A copy of the built web folder with the reference pages added (and compressed, as the build compresses
 * index.html), so the server serves them exactly as it serves the app.
 */
export function webFolderWithReference(dist: string, copy: string, languages: readonly Language[]): void {
  cpSync(dist, copy, { recursive: true });
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const language of languages) {
    const file = path.join(copy, PAGES.reference.path(language));
    const bytes = Buffer.from(referenceHtml(index, language));
    writeFileSync(file, bytes);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

interface DevSession {
  idToken: string;
  refreshToken: string;
  user: { uid: string };
}

/** Signs each account in (a development token exchanged with the server) and gives the guest one ticket. */
export async function signInAccounts(url: string): Promise<Map<PageName, DevSession>> {
  const api = apiAt(() => url);
  const sessions = new Map<PageName, DevSession>();
  for (const page of Object.values(PAGES)) {
    if (!page.account) continue;
    const session = await api.call<DevSession>('POST', '/dev-auth/token', undefined, page.account);
    await api.call('POST', '/api/auth/google-signin', undefined, { idToken: session.idToken });
    if (page.name === 'my-tickets')
      await api.buyTicket({ token: session.idToken, email: page.account.email, name: page.account.name });
    sessions.set(page.name, session);
  }
  return sessions;
}

/**
 * Stores `session` where the app's development sign-in keeps it (identity-dev.ts), in the Chromium on `port`:
 * a page of the origin that runs no app (the favicon) writes it, so nothing of the app is cached before the
 * measured load. With `returnVisit` (a page's path), that page is then loaded once until the app has saved
 * the person and their tickets on the phone, and everything it cached is cleared again (BenchPage.returnVisit).
 */
export function storeSession(
  url: string,
  session: DevSession,
  returnVisit?: string,
): (port: number) => Promise<void> {
  return async (port) => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const context = browser.contexts()[0];
      if (!context) throw new Error('the Chromium under test has no browser context');
      const page = await context.newPage();
      await page.goto(`${url}/favicon.svg`);
      await page.evaluate(
        (value) => localStorage.setItem('utsav.dev-identity', value),
        JSON.stringify(session),
      );
      if (returnVisit) {
        await page.goto(`${url}${returnVisit}`);
        // The app saves the person and their tickets once the server has answered (person-store.ts).
        const saved = (uid: string) =>
          new Promise<boolean>((resolve) => {
            // (The mark holds the uid since decision 1119; earlier builds wrote '1'.)
            if (localStorage.getItem('utsav.offline-saved') === null) return resolve(false);
            const opening = indexedDB.open('utsav-guest');
            opening.onsuccess = () => {
              const store = opening.result.transaction('saved').objectStore('saved');
              const areas = ['user', 'tickets'].map((area) => store.get([uid, area]));
              store.transaction.oncomplete = () => {
                opening.result.close();
                resolve(areas.every((request) => request.result !== undefined));
              };
            };
            opening.onerror = () => resolve(false);
          });
        const deadline = Date.now() + 60_000;
        while (!(await page.evaluate(saved, session.user.uid))) {
          if (Date.now() > deadline)
            throw new Error(`the app did not save ${returnVisit}'s person within 60 s`);
          await page.waitForTimeout(250);
        }
        const cdp = await context.newCDPSession(page);
        await page.goto(`${url}/favicon.svg`);
        await cdp.send('Storage.clearDataForOrigin', {
          origin: new URL(url).origin,
          storageTypes: 'service_workers,cache_storage',
        });
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      }
      await page.close();
    } finally {
      // Over CDP this disconnects; the Chromium stays up for Lighthouse.
      await browser.close();
    }
  };
}
