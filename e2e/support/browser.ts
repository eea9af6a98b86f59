import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
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
export async function newContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; reducedMotion?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    reducedMotion: options.reducedMotion === false ? 'no-preference' : 'reduce',
  });
  await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) =>
    route.abort('blockedbyclient'),
  );
  return context;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Signs in through the development account chooser popup, as a person would. */
export async function signInThroughPopup(page: Page, email: string): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In with Google' }).first().click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByRole('button', { name: new RegExp(email.replace('.', '\\.'), 'i') }).click();
  await popup.waitForEvent('close');
}
