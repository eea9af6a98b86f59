import { describe, expect, it } from 'vitest';
import { ConfigError, EMULATOR_RAZORPAY, loadConfig } from '../../src/platform/config';

describe('loadConfig', () => {
  it('an empty environment gives a working local setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      authMode: 'dev',
      firebase: undefined,
      adminEmails: [],
      publicUrl: 'http://localhost:8080',
      demoSeed: true,
      logLevel: 'info',
      payments: 'emulator',
      holdMinutes: 15,
      orderQuantityCap: 20,
      maxTicketsPerPerson: 20,
      trustProxy: false,
    });
    expect(config.razorpay).toMatchObject(EMULATOR_RAZORPAY);
  });

  it('PUBLIC_URL defaults to the configured port', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
  });

  it('a FIREBASE_PROJECT_ID switches to firebase mode, demo seed off, with a default auth domain', () => {
    const config = loadConfig({
      FIREBASE_PROJECT_ID: 'utsav-prod',
      FIREBASE_API_KEY: 'AIza-key',
      ADMIN_EMAILS: 'organiser@utsav.in',
      PAYMENTS: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    });
    expect(config.authMode).toBe('firebase');
    expect(config.demoSeed).toBe(false);
    expect(config.firebase).toEqual({
      projectId: 'utsav-prod',
      apiKey: 'AIza-key',
      authDomain: 'utsav-prod.firebaseapp.com',
      appId: undefined,
    });
  });

  it('AUTH_MODE=dev wins over a configured Firebase project', () => {
    expect(loadConfig({ AUTH_MODE: 'dev', FIREBASE_PROJECT_ID: 'utsav-prod' }).authMode).toBe('dev');
  });

  it('AUTH_MODE=firebase without a project names FIREBASE_PROJECT_ID', () => {
    expect(() => loadConfig({ AUTH_MODE: 'firebase' })).toThrow(/FIREBASE_PROJECT_ID/);
  });

  it('ADMIN_EMAILS is split, trimmed and lowercased', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Asha@Example.com, ravi@example.com ,' }).adminEmails).toEqual([
      'asha@example.com',
      'ravi@example.com',
    ]);
  });

  it('CORS_ORIGINS is empty (same-origin only) by default, else a trimmed list of lower-case origins', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({ CORS_ORIGINS: ' https://Tickets.Example.com/, http://localhost:5173 ,' }).corsOrigins,
    ).toEqual(['https://tickets.example.com', 'http://localhost:5173']);
  });

  it.each(['*', 'https://*.example.com', 'tickets.example.com', 'https://example.com/app', 'null'])(
    'CORS_ORIGINS refuses %s, naming the variable',
    (value) => {
      expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
    },
  );

  it('DATABASE_URL selects PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/utsav' }).databaseUrl).toBe(
      'postgres://u:p@db:5432/utsav',
    );
  });

  it('DATABASE_POOL_SIZE sets the PostgreSQL connections per instance, 20 by default', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '5' }).databasePoolSize).toBe(5);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('empty values count as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('DEMO_SEED=false turns the seed off in dev mode', () => {
    expect(loadConfig({ DEMO_SEED: 'false' }).demoSeed).toBe(false);
  });

  it('PAYMENTS=razorpay requires its three secrets, naming each missing one', () => {
    expect(() => loadConfig({ PAYMENTS: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_x' })).toThrow(
      /RAZORPAY_KEY_SECRET.*RAZORPAY_WEBHOOK_SECRET/,
    );
    const config = loadConfig({
      FIREBASE_PROJECT_ID: 'utsav-prod',
      ADMIN_EMAILS: 'organiser@utsav.in',
      PAYMENTS: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    });
    expect(config.razorpay).toEqual({
      keyId: 'rzp_live_x',
      keySecret: 'secret',
      webhookSecret: 'hook',
      baseUrl: 'https://api.razorpay.com/v1',
      timeoutMs: 10_000,
    });
    // Test servers wait longer for their own emulator on a busy machine; a bad value is refused by name.
    expect(loadConfig({ RAZORPAY_TIMEOUT_MS: '120000' }).razorpay.timeoutMs).toBe(120_000);
    expect(() => loadConfig({ RAZORPAY_TIMEOUT_MS: '0' })).toThrow(/RAZORPAY_TIMEOUT_MS/);
  });

  it('TRUST_PROXY accepts true, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toBe('10.0.0.1,10.0.0.2');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/utsav'],
    ['AUTH_MODE', 'google'],
    ['FIREBASE_PROJECT_ID', 'Not A Project!'],
    ['ADMIN_EMAILS', 'asha@example.com,not-an-email'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['DEMO_SEED', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PAYMENTS', 'cash'],
    ['HOLD_MINUTES', '0'],
    ['ORDER_QUANTITY_CAP', '2.5'],
    ['MAX_TICKETS_PER_PERSON', '0'],
    ['SMTP_URL', 'http://mail'],
  ])('a bad %s (%s) stops start-up with a message naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });
});
