// The scanner is installable as its own app ("Utsav Gate") that opens offline. Only gate devices get the
// manifest and the service worker: a guest's browser never caches the app shell, so a guest can never be
// served a stale build, and the install prompt never offers a scanner to a buyer.

const MANIFEST_HREF = '/manifest.webmanifest';

export function installGateApp(): void {
  if (!document.querySelector('link[rel="manifest"]')) {
    const manifest = document.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = MANIFEST_HREF;
    document.head.append(manifest);
    const icon = document.createElement('link');
    icon.rel = 'apple-touch-icon';
    icon.href = '/icons/gate-192.png';
    document.head.append(icon);
  }
  // Development serves modules straight from Vite; caching them would pin stale code.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    register();
    // An install cut short by the network dropping leaves no worker at all; try again when it returns.
    if (!registeredOnReconnect) {
      registeredOnReconnect = true;
      window.addEventListener('online', register);
    }
  }
}

let registeredOnReconnect = false;

function register(): void {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.error('[gate-app] service worker registration failed', error);
  });
}
