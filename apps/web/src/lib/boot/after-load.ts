/** How long an idle moment is waited for before the work runs anyway (a page that keeps the thread busy). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` once the page has loaded and the main thread is next idle: for what the first screen does not
 * need (the service worker's install, which downloads and stores every file of the app) so that it does not
 * compete with the page's own start-up for a phone's cores and network. A page already loaded waits for
 * the next idle moment only.
 */
export function afterLoadIdle(work: () => void): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(work, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
