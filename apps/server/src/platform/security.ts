import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROVIDER_PHOTO_HOSTS } from '@utsav/domain/photo-url';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config';
import { builtDocumentScriptHashes } from './inline-script-hashes';

type Directives = Record<string, string[] | null>;

/**
 * Only our own origin by default; third parties are added only for the modes that need them, so a local
 * run allows no outside script at all.
 */
export function cspDirectives(
  config: Pick<Config, 'authMode' | 'firebase' | 'payments' | 'publicUrl'>,
  /** 'sha256-…' sources of the inline scripts the web app's documents carry (their boot script). */
  scriptHashes: readonly string[] = [],
): Directives {
  const razorpay = config.payments === 'razorpay';
  const firebase = config.authMode === 'firebase' ? config.firebase : undefined;
  return {
    'default-src': ["'self'"],
    // wasm-unsafe-eval: the gate scanner decodes QR codes with a WebAssembly module (zxing-wasm).
    'script-src': [
      "'self'",
      "'wasm-unsafe-eval'",
      ...scriptHashes,
      ...(razorpay ? ['https://checkout.razorpay.com'] : []),
      ...(firebase ? ['https://apis.google.com'] : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    // What the app shows: its own files and event image ('self'), QR codes drawn in the page (data:, blob:),
    // account photos from the identity provider's photo hosts (the only ones PUT /auth/profile keeps; the
    // development identity provider is 'self'), and Razorpay checkout's own images when it is loaded.
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...PROVIDER_PHOTO_HOSTS.map((host) => `https://${host}`),
      ...(razorpay ? ['https://cdn.razorpay.com'] : []),
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...(razorpay ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : []),
      ...(firebase
        ? [
            'https://identitytoolkit.googleapis.com',
            'https://securetoken.googleapis.com',
            'https://www.googleapis.com',
          ]
        : []),
    ],
    'frame-src': [
      "'self'",
      ...(razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : []),
      ...(firebase ? [`https://${firebase.authDomain}`] : []),
    ],
    'worker-src': ["'self'", 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    // Upgrading would break plain-http local runs (http://localhost:8080) and LAN demos.
    'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
  };
}

/** The security headers of every answer (set by platform/request-hooks.ts), worked out once. */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(config, builtDocumentScriptHashes(config.webDistDir)),
    },
    // Sign-in popups (Firebase, the dev identity) talk back to this page through window.opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 15552000 } : false,
  });
}

/**
 * The headers Helmet sets, computed once. @fastify/helmet built Helmet's whole middleware again on every
 * request (parsing the CSP directives each time, a visible share of a JSON route's CPU in bench/RESULTS.md);
 * the answer never changes, so it is asked once, of a response that only records what is set.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
