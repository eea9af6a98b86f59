import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { createTestCredentials } from '../../src/platform/wallet/test-credentials';

describe('wallet configuration', () => {
  const test = createTestCredentials();
  const apple = {
    APPLE_PASS_TYPE_ID: 'pass.com.example.utsav',
    APPLE_TEAM_ID: 'ABCDE12345',
    APPLE_PASS_CERT: test.passCertificate,
    // One-line env files: the PEM base64-encoded whole.
    APPLE_PASS_KEY: Buffer.from(test.passKey).toString('base64'),
    APPLE_WWDR_CERT: test.caCertificate.replace(/\n/g, '\\n'),
  };

  it('no wallet variables: both providers use the generated test credentials', () => {
    expect(loadConfig({}).wallet).toEqual({ apple: undefined, google: undefined });
  });

  it('the Apple variables are read as PEM, base64 of PEM or PEM with literal \\n', () => {
    const config = loadConfig(apple).wallet.apple!;
    expect(config.passTypeId).toBe('pass.com.example.utsav');
    const lines = (pem: string) => pem.replace(/\r\n/g, '\n').trim();
    expect(lines(config.certificate)).toBe(lines(test.passCertificate));
    expect(lines(config.privateKey)).toBe(lines(test.passKey));
    expect(lines(config.wwdrCertificate)).toBe(lines(test.caCertificate));
  });

  it('half an Apple configuration names each missing variable', () => {
    const { APPLE_WWDR_CERT: _, APPLE_TEAM_ID: __, ...partial } = apple;
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(/APPLE_TEAM_ID.*APPLE_WWDR_CERT/);
  });

  it('a certificate variable holding something else is refused', () => {
    expect(() => loadConfig({ ...apple, APPLE_PASS_CERT: 'not a pem' })).toThrow(/APPLE_PASS_CERT/);
  });

  it('the Google service account is read from its key JSON, as is or base64', () => {
    const json = JSON.stringify({
      client_email: 'wallet@p.iam.gserviceaccount.com',
      private_key: test.googleKey,
    });
    for (const value of [json, Buffer.from(json).toString('base64')]) {
      const google = loadConfig({
        GOOGLE_WALLET_ISSUER_ID: '3388000000012345',
        GOOGLE_WALLET_SERVICE_ACCOUNT: value,
      }).wallet.google;
      expect(google).toEqual({
        issuerId: '3388000000012345',
        serviceAccountEmail: 'wallet@p.iam.gserviceaccount.com',
        privateKey: test.googleKey,
      });
    }
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345' })).toThrow(/set both or neither/);
  });
});
