/* The gate app's service worker. Built by the `gateServiceWorker` plugin of vite.config.ts, which replaces
 * the two placeholders below with the build's file list and a version derived from it, and emits /sw.js.
 * Registered only by the scanner page, in production builds (features/scanner/checkin/gate-app.ts).
 *
 * - Install: precache the app shell, every built chunk (the scanner's, its decoder and the zxing wasm
 *   included), the manifest and the icons, so the scanner opens with no network at all.
 * - Navigations: network first (a new deploy is seen at once), falling back to the cached index.html when
 *   the network fails or hangs (venue Wi-Fi that is "connected" to nothing).
 * - API, sign-in and payment calls are never answered from a cache: a ticket's state must come from the
 *   server or from the scanner's own offline list, never from a stale HTTP response.
 */

const VERSION = '__UTSAV_GATE_VERSION__';
const PRECACHE = __UTSAV_GATE_PRECACHE__;
const CACHE = `utsav-gate-${VERSION}`;
const CACHE_PREFIX = 'utsav-gate-';
const NAVIGATION_TIMEOUT_MS = 3000;
const NEVER_CACHED = /^\/(api|dev-auth|razorpay-emulator)(\/|$)/;
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
            .filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE)
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

async function navigate(request) {
  try {
    return await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function fromCache(request, path) {
  const cached = await caches.match(path, { cacheName: CACHE });
  return cached ?? fetch(request);
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
});
