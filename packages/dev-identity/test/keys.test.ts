import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_AUDIENCE, DEV_ISSUER, loadOrCreateSigningKeys, signIdToken, uidForEmail } from '../src/keys';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'utsav-dev-identity-keys-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('uidForEmail', () => {
  it('is a 28-character alphanumeric id like a Firebase uid', () => {
    expect(uidForEmail('asha@example.com')).toMatch(/^[A-Za-z0-9]{28}$/);
  });

  it('is the same for an email in any letter case or with surrounding spaces', () => {
    expect(uidForEmail(' Asha@Example.COM ')).toBe(uidForEmail('asha@example.com'));
  });

  it('differs between emails', () => {
    expect(uidForEmail('asha@example.com')).not.toBe(uidForEmail('ravi@example.com'));
  });
});

describe('signing keys', () => {
  it('are created once, saved with mode 0600, and read back with the same kid', async () => {
    const first = await loadOrCreateSigningKeys(dataDir);
    const file = path.join(dataDir, 'dev-identity', 'keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadOrCreateSigningKeys(dataDir);
    expect(second.kid).toBe(first.kid);
    expect(second.publicJwks).toEqual(first.publicJwks);
  });

  it('publish only public RSA members, with kid, alg and use', async () => {
    const { kid, publicJwks } = await loadOrCreateSigningKeys(dataDir);
    expect(publicJwks.keys).toHaveLength(1);
    const [key] = publicJwks.keys;
    expect(key).toMatchObject({ kty: 'RSA', kid, alg: 'RS256', use: 'sig', e: 'AQAB' });
    for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(member);
    // 2048-bit modulus: 256 bytes of base64url.
    expect(key?.n).toHaveLength(342);
  });

  it('are created only once when several loaders race on a fresh folder', async () => {
    const fresh = await mkdtemp(path.join(tmpdir(), 'utsav-dev-identity-race-'));
    try {
      const loaded = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateSigningKeys(fresh)));
      expect(new Set(loaded.map((keys) => keys.kid)).size).toBe(1);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 60_000); // four RSA-2048 generations at once: seconds on a loaded 2-core machine

  it('refuse a damaged key file with a message naming it', async () => {
    const damaged = await mkdtemp(path.join(tmpdir(), 'utsav-dev-identity-damaged-'));
    try {
      await loadOrCreateSigningKeys(damaged);
      const file = path.join(damaged, 'dev-identity', 'keys.json');
      await writeFile(file, '{ not json');
      await expect(loadOrCreateSigningKeys(damaged)).rejects.toThrow(file);
    } finally {
      await rm(damaged, { recursive: true, force: true });
    }
  });

  it('never write the private key into the public key set', async () => {
    const { publicJwks } = await loadOrCreateSigningKeys(dataDir);
    const saved = JSON.parse(await readFile(path.join(dataDir, 'dev-identity', 'keys.json'), 'utf8'));
    expect(saved.privateJwk.d).toBeTruthy();
    expect(JSON.stringify(publicJwks)).not.toContain(saved.privateJwk.d);
  });
});

describe('signIdToken', () => {
  it('signs a Firebase-shaped RS256 token that verifies against the published keys', async () => {
    const keys = await loadOrCreateSigningKeys(dataDir);
    const now = new Date();
    const token = await signIdToken(keys, { email: 'Asha@Example.com', name: 'Asha Patel' }, { now });
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', kid: keys.kid });
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys.publicJwks), {
      issuer: DEV_ISSUER,
      audience: DEV_AUDIENCE,
      algorithms: ['RS256'],
    });
    const uid = uidForEmail('asha@example.com');
    const iat = Math.floor(now.getTime() / 1000);
    expect(payload).toEqual({
      iss: DEV_ISSUER,
      aud: DEV_AUDIENCE,
      sub: uid,
      user_id: uid,
      email: 'asha@example.com',
      email_verified: true,
      name: 'Asha Patel',
      auth_time: iat,
      iat,
      exp: iat + 3600,
      firebase: {
        sign_in_provider: 'google.com',
        identities: { 'google.com': [expect.stringMatching(/^1\d{20}$/)], email: ['asha@example.com'] },
      },
    });
  });

  it('carries the picture when there is one and keeps the original auth_time', async () => {
    const keys = await loadOrCreateSigningKeys(dataDir);
    const authTime = new Date('2026-11-01T10:00:00Z');
    const now = new Date('2026-11-01T12:00:00Z');
    const token = await signIdToken(
      keys,
      { email: 'a@b.co', name: 'A', picture: 'https://example.com/a.png' },
      { now, authTime },
    );
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys.publicJwks), { currentDate: now });
    expect(payload.picture).toBe('https://example.com/a.png');
    expect(payload.auth_time).toBe(authTime.getTime() / 1000);
  });

  it('expires after one hour', async () => {
    const keys = await loadOrCreateSigningKeys(dataDir);
    const now = new Date('2026-11-01T12:00:00Z');
    const token = await signIdToken(keys, { email: 'a@b.co', name: 'A' }, { now });
    const jwks = createLocalJWKSet(keys.publicJwks);
    await expect(
      jwtVerify(token, jwks, { currentDate: new Date(now.getTime() + 3599_000) }),
    ).resolves.toBeTruthy();
    await expect(
      jwtVerify(token, jwks, { currentDate: new Date(now.getTime() + 3600_000) }),
    ).rejects.toBeInstanceOf(errors.JWTExpired);
  });
});
