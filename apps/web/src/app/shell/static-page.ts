import { useLayoutEffect } from 'react';

/** The id of a start page's pre-rendered first screen (static-pages.tsx) in its own document, beside #root. */
export const STATIC_PAGE_ID = 'static-page';

/**
 * The installed apps' start pages that have a pre-rendered first screen and a document of their own
 * (apps/web/build/start-page-documents.ts), by the name that document carries on <html data-static-page>,
 * and their address (the manifests' start_url).
 */
export const STATIC_PAGES = { scanner: '/dashboard/qrchecker', guest: '/dashboard/guest' } as const;

/**
 * React has drawn the page (or another one): the pre-rendered screen goes and #root shows, in the same frame
 * (the document's styles hide #root while <html data-static-page> names a page). Called from a layout effect, so the
 * browser never paints both or neither. Safe to call any number of times.
 *
 * The screen is hidden at once and leaves the document after the next frame: removed while laid out, each
 * of its ~200 nodes is taken out of the layout from inside the commit's script, which in a traced load
 * (Lighthouse records an invalidation with a stack per node) made that commit a task of ~30 ms of CPU;
 * hidden, the frame drops its layout in one go and the removal has none left to drop (decision 1125).
 * Meanwhile its elements (its header among them) come before #root's in the document: code that looks for
 * the page's own elements by tag looks inside #root (e.g. scanner/engine/use-below-header.ts).
 */
export function takeOverStaticPage(): void {
  const root = document.documentElement;
  if (!root.hasAttribute('data-static-page')) return;
  root.removeAttribute('data-static-page');
  const screen = document.getElementById(STATIC_PAGE_ID);
  if (!screen) return;
  screen.hidden = true;
  // Nothing finds it by its id meanwhile; hidden, it is out of the accessibility tree.
  screen.removeAttribute('id');
  afterNextFrame(() => screen.remove());
}

/** Runs `then` in a task after the next frame has been drawn (at once where no frame comes: a hidden tab). */
function afterNextFrame(then: () => void): void {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(then));
  else then();
}

/**
 * Takes the pre-rendered screen away once the app shows another address than the one it was drawn for (a
 * redirect, a sign-out): the page it stood for will not mount.
 */
export function takeOverStaticPageOff(pathname: string): void {
  const shown = document.documentElement.getAttribute('data-static-page');
  if (shown === null) return;
  const address = STATIC_PAGES[shown as keyof typeof STATIC_PAGES];
  if (pathname.replace(/(.)\/$/, '$1') !== address) takeOverStaticPage();
}

/**
 * Rendered beside a start page inside its Suspense boundary: it commits with the page's first render, and
 * that commit takes the pre-rendered screen away (the same layout, drawn by React now).
 */
export function StaticPageTakeover(): null {
  useLayoutEffect(takeOverStaticPage, []);
  return null;
}
