// The two installable faces of this one web app, sharing one service worker (/sw.js, see
// src/lib/pwa/service-worker.js): the gate scanner ("Utsav Gate") and the guest's tickets ("Utsav
// Tickets"). One origin can have only one worker for scope '/', so the worker is told by its URL
// which files to precache: the gate's worker keeps everything (the scanner's decoder and wasm included),
// the guest's leaves out the scanner and the admin screens (~1.3 MB a guest never needs).
// Nothing is installed on the landing page: a visitor who never signs in never gets a worker.
// Both wait until the page has loaded and the main thread is idle (decision 1125): the worker's install
// downloads and stores the whole app (~170 files for the guest), which ran beside the page's own requests
// and renders, on a phone's few cores, when it started from the view's first effect.

import { afterLoadIdle } from '../boot/after-load';

export type AppKind = 'gate' | 'guest';

const APPS: Record<AppKind, { manifest: string; icon: string; worker: string }> = {
  gate: { manifest: '/manifest.webmanifest', icon: '/icons/gate-192.png', worker: '/sw.js' },
  guest: { manifest: '/guest.webmanifest', icon: '/icons/guest-192.png', worker: '/sw.js?app=guest' },
};

function setLink(rel: string, href: string): void {
  let link = document.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}

async function register(kind: AppKind): Promise<void> {
  if (kind === 'guest') {
    // A gate phone whose volunteer also opens their own tickets keeps the gate's fuller worker.
    const existing = await navigator.serviceWorker.getRegistration('/');
    const script = (existing?.active ?? existing?.waiting ?? existing?.installing)?.scriptURL;
    if (script && !script.includes('app=guest')) return;
  }
  await navigator.serviceWorker.register(APPS[kind].worker, { scope: '/' });
}

const retrying = new Set<AppKind>();

/**
 * Adds the app's manifest and registers the worker (production builds only), once the page has loaded and
 * the main thread is idle.
 */
export function installApp(kind: AppKind): void {
  afterLoadIdle(() => installNow(kind));
}

function installNow(kind: AppKind): void {
  setLink('manifest', APPS[kind].manifest);
  setLink('apple-touch-icon', APPS[kind].icon);
  // Development serves modules straight from Vite; caching them would pin stale code.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const attempt = () =>
    register(kind).catch((error: unknown) => {
      console.error(`[${kind}-app] service worker registration failed`, error);
    });
  void attempt();
  // An install cut short by the network dropping leaves no worker at all; try again when it returns.
  if (!retrying.has(kind)) {
    retrying.add(kind);
    window.addEventListener('online', () => void attempt());
  }
}
