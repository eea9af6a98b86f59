import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

/** Debian's full Chromium: what a person runs, and what Lighthouse measures. */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * The browser the tests drive: Debian's headless shell (the same Chromium build without the desktop browser
 * around it) when it is installed. It renders the same pages with about a third less CPU than the full
 * browser in headless mode, which on a 2-core machine is most of what the browser layer costs.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : FULL_CHROMIUM_PATH);
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(
  extraArgs: string[] = [],
  executablePath = CHROMIUM_PATH,
): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    headless: true,
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A fresh context that may only talk to loopback: a CDN or third-party fallback must fail loudly here,
 * not pass silently because the machine happened to reach it.
 */
export interface ContextOptions {
  viewport?: { width: number; height: number };
  reducedMotion?: boolean;
  locale?: string;
  /** What the browser has kept from earlier visits (see signedInContext). */
  storageState?: BrowserContextOptions['storageState'];
  /**
   * 'allow' for a test of the installed app (offline, the home-screen app). Blocked otherwise: the worker
   * installs by fetching every built file it precaches (about 200 for a guest, every file for the gate) in
   * each fresh context, which was a large share of a scene's CPU for pages whose test is not about it.
   */
  serviceWorkers?: 'allow' | 'block';
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    reducedMotion: options.reducedMotion === false ? 'no-preference' : 'reduce',
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.storageState ? { storageState: options.storageState } : {}),
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) =>
    route.abort('blockedbyclient'),
  );
  // Every action and wait is for a state; its ceiling only ends a hang. Playwright's 30 s was reached on a
  // 2-core machine shared with a dozen busy processes, by a dialog that was simply slow to draw.
  context.setDefaultTimeout(60_000);
  return context;
}

/**
 * Saves what the page shows to e2e/screenshots/<name>.png, for a person to open and look at. `npm test` sets
 * E2E_SCREENSHOTS=off (scripts/test-all.sh): nobody looks at a clean clone's pictures, and 150-odd of them
 * cost the browser layer minutes of CPU on a 2-core machine. No test reads a picture back.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: options.fullPage ?? false,
  });
}

export interface PopupAccount {
  email: string;
  /** Typed in through "Use another account" when given; otherwise the demo account `email` is picked. */
  name?: string;
}

/**
 * Signs in through the development account chooser popup, as a person would, and returns once the app
 * says so (its account menu is there), not merely when the popup has gone. `openPopup` is the click that
 * opens the chooser: by default the first 'Sign In with Google' on the page.
 */
export async function signInThroughPopup(
  page: Page,
  account: string | PopupAccount,
  openPopup: () => Promise<void> = () =>
    page.getByRole('button', { name: 'Sign In with Google' }).first().click(),
  /** The header's account menu button, as named in the page's language. */
  accountMenu: RegExp = /^Account menu for /,
): Promise<void> {
  const { email, name } = typeof account === 'string' ? { email: account, name: undefined } : account;
  const popupPromise = page.waitForEvent('popup');
  await openPopup();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  // The chooser closes itself the moment it has answered, which on a busy machine can be before click()
  // returns; a 'close' waiter set up only after the click then waits for an event that has already fired.
  const closed = popup.waitForEvent('close');
  if (name) {
    await popup.locator('#use-another').click();
    await popup.getByLabel('Name').fill(name);
    await popup.getByLabel('Email').fill(email);
    await popup.locator('#another-submit').click();
  } else {
    await popup.getByRole('button', { name: new RegExp(email.replace('.', '\\.'), 'i') }).click();
  }
  await closed;
  // The popup has gone, but the app is still storing the session and exchanging the token with the server
  // (POST /api/auth/google-signin). A page.goto() in that window can start the next page without the stored
  // session (Chromium drops the write made ~0.1 s before the document is replaced), and the dashboard then
  // sends a signed-out visitor home. The header's account menu appears once the app is signed in. It may sit
  // behind a modal dialog (sign-in from the purchase dialog), so it is looked for attached, not visible.
  await page.getByRole('button', { name: accountMenu, includeHidden: true }).waitFor({ state: 'attached' });
}
