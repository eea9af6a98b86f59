import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { standInBanner } from '../../src/platform/stand-ins';

// Start-up refuses the development stand-ins next to anything that says "production",
// and Firebase sign-in without ADMIN_EMAILS.

const FIREBASE = { FIREBASE_PROJECT_ID: 'utsav-prod', FIREBASE_API_KEY: 'AIza-key' };
const ADMINS = { ADMIN_EMAILS: 'organiser@utsav.in' };
const RAZORPAY = {
  PAYMENTS: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('start-up refuses the development sign-in where it could be reached for real', () => {
  it.each([
    ['PAYMENTS=razorpay', RAZORPAY],
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://tickets.utsav.in' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ])('next to %s, naming the Firebase variables and the opt-in', (neighbour, env) => {
    const message = refusal(env);
    expect(message).toContain('development sign-in');
    expect(message).toContain(neighbour);
    expect(message).toContain('FIREBASE_PROJECT_ID is unset');
    expect(message).toMatch(/Set FIREBASE_PROJECT_ID and FIREBASE_API_KEY/);
    expect(message).toContain('ALLOW_STAND_INS=true');
  });

  it('says AUTH_MODE=dev is why when that is what chose it', () => {
    expect(refusal({ ...FIREBASE, ...ADMINS, ...RAZORPAY, AUTH_MODE: 'dev' })).toContain(
      'on because AUTH_MODE=dev',
    );
  });
});

describe('start-up cannot be spelled around', () => {
  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'Production' }],
    ['NODE_ENV=production', { NODE_ENV: ' PRODUCTION\t' }],
    ['an https PUBLIC_URL', { PUBLIC_URL: 'HTTPS://Tickets.Utsav.in' }],
    ['an https PUBLIC_URL', { PUBLIC_URL: '  Https://tickets.utsav.in/ ' }],
    ['PAYMENTS=razorpay', { ...RAZORPAY, PAYMENTS: 'RazorPay ' }],
  ])('refuses the stand-ins next to %s written %j as it does lower-case', (neighbour, env) => {
    const message = refusal(env);
    expect(message).toContain('development sign-in');
    expect(message).toContain(neighbour);
  });

  it('an upper-case AUTH_MODE and ALLOW_STAND_INS mean what they say', () => {
    expect(refusal({ ...RAZORPAY, AUTH_MODE: 'DEV' })).toContain('AUTH_MODE=dev');
    const demo = loadConfig({ NODE_ENV: 'Production', ALLOW_STAND_INS: 'TRUE' });
    expect(demo.standIns).toEqual({ devSignIn: true, paymentsEmulator: true, allowed: true });
  });

  it('keeps the case of what is not a word: a URL path, credentials, secrets', () => {
    const config = loadConfig({
      ...FIREBASE,
      ...ADMINS,
      ...RAZORPAY,
      RAZORPAY_KEY_SECRET: ' MixedCaseSecret ',
      RAZORPAY_BASE_URL: 'HTTPS://User:PassWord@Api.Example.com/V1',
      PUBLIC_URL: 'HTTPS://Tickets.Utsav.in/Garba',
    });
    expect(config.razorpay.keySecret).toBe('MixedCaseSecret');
    expect(config.razorpay.baseUrl).toBe('https://User:PassWord@api.example.com/V1');
    expect(config.publicUrl).toBe('https://tickets.utsav.in/Garba');
  });
});

describe('start-up refuses the Razorpay emulator where it could be reached for real', () => {
  it.each([
    ['Firebase sign-in', { ...FIREBASE, ...ADMINS }],
    ['an https PUBLIC_URL', { ...FIREBASE, ...ADMINS, PUBLIC_URL: 'https://tickets.utsav.in' }],
    ['NODE_ENV=production', { ...FIREBASE, ...ADMINS, NODE_ENV: 'production' }],
  ])('next to %s, naming the Razorpay variables', (neighbour, env) => {
    const message = refusal(env);
    expect(message).toContain('Razorpay emulator');
    expect(message).toContain(neighbour);
    expect(message).toContain(
      'Set PAYMENTS=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
    );
    expect(message).not.toContain('development sign-in');
  });

  it('both stand-ins under NODE_ENV=production: one message naming everything to set', () => {
    const message = refusal({ NODE_ENV: 'production', PUBLIC_URL: 'https://tickets.utsav.in' });
    expect(message.match(/Refusing to start/g)).toHaveLength(1);
    expect(message).toContain('an https PUBLIC_URL and NODE_ENV=production');
    expect(message).toContain('FIREBASE_PROJECT_ID');
    expect(message).toContain('PAYMENTS=razorpay with RAZORPAY_KEY_ID');
  });
});

describe('what start-up accepts', () => {
  it('the local product: both stand-ins, plain http, no NODE_ENV, listening on 127.0.0.1', () => {
    const config = loadConfig({});
    expect(config.standIns).toEqual({ devSignIn: true, paymentsEmulator: true, allowed: false });
    expect(config.host).toBe('127.0.0.1');
  });

  it('HOST still overrides the loopback default of dev mode', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('a real deployment: Firebase, Razorpay, ADMIN_EMAILS, https, NODE_ENV=production, on every interface', () => {
    const config = loadConfig({
      ...FIREBASE,
      ...ADMINS,
      ...RAZORPAY,
      PUBLIC_URL: 'https://tickets.utsav.in',
      NODE_ENV: 'production',
    });
    expect(config.standIns).toEqual({ devSignIn: false, paymentsEmulator: false, allowed: false });
    expect(config.host).toBe('0.0.0.0');
  });

  it('ALLOW_STAND_INS=true lets a staging demo run the stand-ins under https and NODE_ENV=production', () => {
    const config = loadConfig({
      ALLOW_STAND_INS: 'true',
      PUBLIC_URL: 'https://staging.utsav.in',
      NODE_ENV: 'production',
    });
    expect(config.standIns).toEqual({ devSignIn: true, paymentsEmulator: true, allowed: true });
  });
});

describe('the admin bootstrap at start-up', () => {
  it('Firebase sign-in without ADMIN_EMAILS is refused, naming ADMIN_EMAILS', () => {
    const message = refusal({ ...FIREBASE, ...RAZORPAY });
    expect(message).toContain('ADMIN_EMAILS');
    expect(message).not.toContain('ALLOW_STAND_INS');
  });

  it('ALLOW_STAND_INS does not lift the ADMIN_EMAILS requirement', () => {
    expect(refusal({ ...FIREBASE, ALLOW_STAND_INS: 'true' })).toContain('ADMIN_EMAILS');
  });
});

describe('the start-up banner', () => {
  const standIns = { devSignIn: true, paymentsEmulator: true, allowed: false };

  it('names both stand-ins and why the local run is safe', () => {
    const banner = standInBanner({ standIns, host: '127.0.0.1', publicUrl: 'http://localhost:8080' });
    expect(banner.level).toBe('info');
    expect(banner.lines.join('\n')).toMatch(/development sign-in.*Razorpay emulator/);
    expect(banner.lines.join('\n')).toContain('only this machine can reach it (127.0.0.1)');
  });

  it('warns when dev sign-in listens beyond loopback', () => {
    const banner = standInBanner({ standIns, host: '0.0.0.0', publicUrl: 'http://localhost:8080' });
    expect(banner.level).toBe('warn');
    expect(banner.lines.join('\n')).toContain('sign in as anyone');
  });

  it('shouts about ALLOW_STAND_INS', () => {
    const banner = standInBanner({
      standIns: { ...standIns, allowed: true },
      host: '0.0.0.0',
      publicUrl: 'https://staging.utsav.in',
    });
    expect(banner.level).toBe('warn');
    expect(banner.lines.join('\n')).toContain('*** ALLOW_STAND_INS=true');
  });

  it('says there are none in a real deployment', () => {
    const banner = standInBanner({
      standIns: { devSignIn: false, paymentsEmulator: false, allowed: false },
      host: '0.0.0.0',
      publicUrl: 'https://tickets.utsav.in',
    });
    expect(banner.lines).toEqual(['Stand-ins: none. Sign-in is Firebase, payments are Razorpay.']);
  });
});
