import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Frames in a row that must show the same scroll position with no CSS transition running. */
const STILL_FRAMES = 3;

/**
 * Resolves once the page has come to rest: no CSS transition is running (the header's height and background
 * ease over 300 ms after a scroll) and the scroll position has not moved for a few frames (a smooth scroll has
 * ended). A state reached, not a time waited: on a slow machine it simply takes more frames.
 */
export async function layoutSettled(page: Page): Promise<void> {
  await page.evaluate(
    (stillFrames) =>
      new Promise<void>((resolve) => {
        let last = '';
        let still = 0;
        const check = () => {
          const moving = document.getAnimations().some((animation) => animation instanceof CSSTransition);
          const at = `${window.scrollX},${window.scrollY}`;
          still = !moving && at === last ? still + 1 : 0;
          last = at;
          if (still >= stillFrames) resolve();
          else requestAnimationFrame(check);
        };
        // From the next frame: a transition a scroll just caused starts with that frame's style.
        requestAnimationFrame(check);
      }),
    STILL_FRAMES,
  );
}

/**
 * Scrolls down a screen at a time, as a reader would, until `target` is in the page (sections load as they come
 * near the viewport). Each step waits for the page to come to rest, so a section that grows the page while
 * loading is scrolled past, not over.
 */
export async function scrollUntilPresent(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await target.count()) > 0) return true;
        await page.evaluate(() => window.scrollBy(0, window.innerHeight));
        await layoutSettled(page);
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
