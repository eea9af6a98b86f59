import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';
import { cspDirectives } from '../../src/platform/security';

describe('cspDirectives', () => {
  it('allows no third-party script or frame in a local run', () => {
    const csp = cspDirectives(loadConfig({}));
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toBeNull();
  });

  it('adds Razorpay and Firebase origins only when those modes are configured', () => {
    const csp = cspDirectives(
      loadConfig({
        FIREBASE_PROJECT_ID: 'utsav-prod',
        FIREBASE_AUTH_DOMAIN: 'login.utsav.in',
        PAYMENTS: 'razorpay',
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
        PUBLIC_URL: 'https://utsav.in',
        ADMIN_EMAILS: 'organiser@utsav.in',
      }),
    );
    expect(csp['script-src']).toEqual(
      expect.arrayContaining(['https://checkout.razorpay.com', 'https://apis.google.com']),
    );
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://login.utsav.in', 'https://api.razorpay.com']),
    );
    expect(csp['connect-src']).toContain('https://identitytoolkit.googleapis.com');
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  it('img-src allows only what the app shows: own files, drawn QR codes and the identity provider photo hosts', () => {
    const local = cspDirectives(loadConfig({}));
    expect(local['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://lh3.googleusercontent.com',
      'https://lh4.googleusercontent.com',
      'https://lh5.googleusercontent.com',
      'https://lh6.googleusercontent.com',
    ]);
    expect(local['img-src']).not.toContain('https:');
    const razorpay = cspDirectives(
      loadConfig({
        FIREBASE_PROJECT_ID: 'utsav-prod',
        ADMIN_EMAILS: 'organiser@utsav.in',
        PAYMENTS: 'razorpay',
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }),
    );
    expect(razorpay['img-src']).toContain('https://cdn.razorpay.com');
  });
});
