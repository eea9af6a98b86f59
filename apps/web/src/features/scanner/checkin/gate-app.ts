import { installApp } from '../../../lib/pwa/install-app';

// The scanner is installable as its own app ("Utsav Gate") that opens offline: its manifest and the
// service worker in its full form (every built file, the scanner's decoder and wasm included). See
// lib/pwa/install-app.ts for how it shares the worker with the guest app.

export function installGateApp(): void {
  installApp('gate');
}
