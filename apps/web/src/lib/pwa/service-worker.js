/* The app's service worker, for the gate scanner and the guest's tickets (lib/pwa/install-app.ts). Built by
 * the `appServiceWorker` plugin of vite.config.ts, which replaces the placeholders below with the build's
 * file lists and a version derived from them, and emits /sw.js. Registered in production builds only, by
 * the scanner page as /sw.js and by the guest dashboard as /sw.js?app=guest.
 *
 * - Install: precache the app shell, the built chunks, the manifests and the icons, so the app opens with no
 *   network at all. The gate's worker precaches every file (the scanner, its decoder and the zxing wasm);
 *   the guest's leaves out what only staff screens load.
 * - Navigations: network first (a new deploy is seen at once), falling back to a cached document when the
 *   network fails or hangs (venue Wi-Fi that is "connected" to nothing): an installed app's start page's own
 *   (/dashboard/guest.html for /dashboard/guest, with its pre-rendered first screen; build/start-page-documents.ts),
 *   as the server answers, else index.html.
 * - Other built files (/assets/…, e.g. a scanner chunk a guest's worker did not precache) are kept after
 *   their first download: their names change with their content, so a kept copy is never stale.
 * - API, sign-in and payment calls are never answered from a cache: a ticket's state must come from the
 *   server or from the app's own offline copy (IndexedDB, shown as saved at a time), never from a stale
 *   HTTP response.
 */

const VERSION = '__UTSAV_APP_VERSION__';
const APP = new URL(self.location.href).searchParams.get('app') === 'guest' ? 'guest' : 'gate';
const PRECACHE = APP === 'guest' ? __UTSAV_GUEST_PRECACHE__ : __UTSAV_GATE_PRECACHE__;
const CACHE = `utsav-${APP}-${VERSION}`;
// Both workers' caches: whichever is active now drops the other's, and its own older versions.
const CACHE_PREFIXES = ['utsav-gate-', 'utsav-guest-'];
const NAVIGATION_TIMEOUT_MS = 3000;
const NEVER_CACHED = /^\/(api|dev-auth|razorpay-emulator)(\/|$)/;
const KEPT_AFTER_FIRST_USE = /^\/assets\//;
const precached = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // `reload`: bypass the HTTP cache, so a half-updated browser cache cannot end up in this version.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => CACHE_PREFIXES.some((prefix) => key.startsWith(prefix)) && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The precached document the server answers a navigation to `pathname` with (apps/server/src/platform/web.ts). */
function documentFor(pathname) {
  const own = `${pathname.replace(/(.)\/$/, '$1')}.html`;
  return pathname !== '/' && precached.has(own) ? own : '/index.html';
}

async function navigate(request) {
  try {
    return await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
  } catch (error) {
    const shell =
      (await caches.match(documentFor(new URL(request.url).pathname), { cacheName: CACHE })) ??
      (await caches.match('/index.html', { cacheName: CACHE }));
    if (shell) return shell;
    throw error;
  }
}

async function fromCache(request, path) {
  const cached = await caches.match(path, { cacheName: CACHE });
  return cached ?? fetch(request);
}

async function keptAfterFirstUse(request, path) {
  const cached = await caches.match(path, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    caches
      .open(CACHE)
      .then((cache) => cache.put(path, copy))
      .catch(() => undefined);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  if (precached.has(url.pathname)) event.respondWith(fromCache(request, url.pathname));
  else if (KEPT_AFTER_FIRST_USE.test(url.pathname))
    event.respondWith(keptAfterFirstUse(request, url.pathname));
});
