import type { Language } from '@utsav/domain/languages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type ContextOptions, newContext, type PopupAccount } from './browser';

// Where the web keeps what a returning visitor finds: the development sign-in's session
// (apps/web/src/lib/identity-dev.ts) and the language chosen in the header (apps/web/src/lib/i18n/language.ts).
const SESSION_KEY = 'utsav.dev-identity';
const LANGUAGE_KEY = 'utsav.language';

export interface SignedInOptions extends Omit<ContextOptions, 'storageState'> {
  /** The header's remembered choice; the browser's own language when absent. */
  language?: Language;
}

/**
 * A fresh context whose browser already holds `account`'s sign-in, as a phone coming back to the app finds it:
 * the session the account chooser stores, made by the same development identity server (POST /dev-auth/token).
 * The app then asks GET /auth/me, or exchanges the token as after the chooser. Signing in through the chooser
 * is tested where it is the subject (foundation, the header, the purchase dialog, the account pages); a scene
 * about something else opens its page directly instead of loading the landing page and the chooser first.
 */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  account: string | PopupAccount,
  options: SignedInOptions = {},
): Promise<BrowserContext> {
  const { language, ...contextOptions } = options;
  const localStorage = await keptItems(baseUrl, account, language);
  return newContext(browser, {
    ...contextOptions,
    storageState: { cookies: [], origins: [{ origin: new URL(baseUrl).origin, localStorage }] },
  });
}

/**
 * A page of a fresh context where `account` is signed in (signedInContext), opened at `path` (the landing page by
 * default), once the app says so: its header's account menu is there, as signInThroughPopup waits for it. A
 * tap before that could find the app still asking GET /auth/me, and a purchase dialog still signed out.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  account: string | PopupAccount,
  options: SignedInOptions & { path?: string; accountMenu?: RegExp } = {},
): Promise<Page> {
  const { path = '/', accountMenu = /^Account menu for /, ...contextOptions } = options;
  const context = await signedInContext(browser, baseUrl, account, contextOptions);
  const page = await context.newPage();
  await page.goto(new URL(path, baseUrl).href);
  await page.getByRole('button', { name: accountMenu, includeHidden: true }).waitFor({ state: 'attached' });
  return page;
}

/**
 * The same for a page already open in a context of its own: the sign-in (and `language`) stored from a plain
 * JSON page of the same origin (GET /api/health), so the next page the test opens finds them, without loading
 * the app twice.
 */
export async function storeSignIn(
  page: Page,
  baseUrl: string,
  account: string | PopupAccount,
  language?: Language,
): Promise<void> {
  const items = await keptItems(baseUrl, account, language);
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((kept) => {
    for (const { name, value } of kept) localStorage.setItem(name, value);
  }, items);
}

async function keptItems(
  baseUrl: string,
  account: string | PopupAccount,
  language: Language | undefined,
): Promise<{ name: string; value: string }[]> {
  const { email, name } = typeof account === 'string' ? { email: account, name: undefined } : account;
  const response = await fetch(`${baseUrl}/dev-auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(name ? { email, name } : { email }),
  });
  if (!response.ok) throw new Error(`POST /dev-auth/token -> ${response.status} ${await response.text()}`);
  const { idToken, refreshToken, user } = (await response.json()) as Record<string, unknown>;
  const items = [{ name: SESSION_KEY, value: JSON.stringify({ idToken, refreshToken, user }) }];
  if (language) items.push({ name: LANGUAGE_KEY, value: language });
  return items;
}
