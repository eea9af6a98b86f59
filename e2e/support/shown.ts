import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

// What the app shows only for a moment: the gate's scan result overlay (SCANNER_RESULT_OVERLAY_MS) and the
// toasts (TOAST_MS, or until the page reloads after a save). A test that waited for one and then read it raced
// the product's timer, and lost whenever the machine took longer than that between the two steps. So each one is
// recorded the moment React puts it on the screen (a MutationObserver's callback runs before any later timer can
// take it away) and handed to the test process at once (it survives a reload of the page), and tests read the
// record.

const WATCHED = {
  'scan-result': '[data-testid="scan-result"]',
  toast: '[data-sonner-toast]',
} as const;
export type Transient = keyof typeof WATCHED;

export interface Shown {
  what: Transient;
  /** The overlay's data-tone (scan results). */
  tone: string | null;
  /** Its text, spaces collapsed. */
  text: string;
  /** Its computed font-family as it was shown. */
  font: string;
}

const logs = new WeakMap<BrowserContext, Shown[]>();

/** Records the scan results and toasts every page of `context` shows from now on. */
export async function recordShown(context: BrowserContext): Promise<void> {
  const log: Shown[] = [];
  logs.set(context, log);
  await context.exposeBinding('__utsavShown', (_source, entry: Shown) => {
    log.push(entry);
  });
  await context.addInitScript((watched: Record<string, string>) => {
    const report = (window as unknown as { __utsavShown: (entry: unknown) => void }).__utsavShown;
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const [what, selector] of Object.entries(watched)) {
        for (const element of document.querySelectorAll(selector)) {
          const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
          // A toast may be put on the screen before its text: recorded once it has some.
          if (seen.has(element) || text === '') continue;
          seen.add(element);
          const font = getComputedStyle(element).fontFamily;
          void report({ what, tone: element.getAttribute('data-tone'), text, font });
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, WATCHED);
}

function logOf(page: Page): Shown[] {
  const log = logs.get(page.context());
  if (!log) throw new Error('recordShown(context) was not called for this page’s context');
  return log;
}

/** What `page`'s context has shown of `what` so far, oldest first. */
export function shownOf(page: Page, what: Transient): Shown[] {
  return logOf(page).filter((entry) => entry.what === what);
}

/** Waits (a state; the poll's ceiling only ends a hang) until more than `count` of `what` were shown; the last. */
export async function shownAfter(page: Page, what: Transient, count: number): Promise<Shown> {
  await expect.poll(() => shownOf(page, what).length).toBeGreaterThan(count);
  return shownOf(page, what).at(-1)!;
}
