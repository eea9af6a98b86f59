// Refresh tokens of the development identity: opaque random strings, rotated on every use, kept in
// <dataDir>/dev-identity/refresh-tokens.json so a restart does not sign everybody out. Only a
// SHA-256 of each token is stored, so the file alone cannot be used to sign in.

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DevIdentity } from './keys';

export const REFRESH_TOKEN_LIFETIME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RefreshGrant {
  identity: DevIdentity;
  /** When the person chose the account; ID tokens keep it as auth_time. */
  authTime: string;
}

interface StoredGrant extends RefreshGrant {
  expiresAt: string;
}

interface StoreFile {
  version: 1;
  grants: Record<string, StoredGrant>;
}

// One queue per file for the whole process: two plugin instances on one data folder (tests, or a
// server rebuilt in place) must not interleave their read-modify-write cycles.
const queues = new Map<string, Promise<unknown>>();

function serialized<T>(file: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(file) ?? Promise.resolve();
  const next = previous.then(work, work);
  queues.set(
    file,
    next.catch(() => {}),
  );
  return next;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export class RefreshTokenStore {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'dev-identity', 'refresh-tokens.json');
  }

  issue(grant: RefreshGrant, now = new Date()): Promise<string> {
    return serialized(this.file, async () => {
      const store = await this.read();
      const token = randomBytes(32).toString('base64url');
      store.grants[hashToken(token)] = this.stored(grant, now);
      await this.write(store, now);
      return token;
    });
  }

  /** Exchanges a refresh token for its grant and a new token; the old one stops working. */
  rotate(token: string, now = new Date()): Promise<{ grant: RefreshGrant; refreshToken: string } | null> {
    return serialized(this.file, async () => {
      const store = await this.read();
      const key = hashToken(token);
      const found = store.grants[key];
      if (!found || Date.parse(found.expiresAt) <= now.getTime()) return null;
      delete store.grants[key];
      const grant: RefreshGrant = { identity: found.identity, authTime: found.authTime };
      const refreshToken = randomBytes(32).toString('base64url');
      store.grants[hashToken(refreshToken)] = this.stored(grant, now);
      await this.write(store, now);
      return { grant, refreshToken };
    });
  }

  private stored(grant: RefreshGrant, now: Date): StoredGrant {
    const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_DAYS * DAY_MS).toISOString();
    return { identity: grant.identity, authTime: grant.authTime, expiresAt };
  }

  private async read(): Promise<StoreFile> {
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as Partial<StoreFile>;
      if (parsed.version === 1 && parsed.grants && typeof parsed.grants === 'object') {
        return { version: 1, grants: parsed.grants };
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
    }
    // Missing or unreadable: start empty. The worst case is that dev sessions sign in again.
    return { version: 1, grants: {} };
  }

  private async write(store: StoreFile, now: Date): Promise<void> {
    for (const [key, grant] of Object.entries(store.grants)) {
      if (Date.parse(grant.expiresAt) <= now.getTime()) delete store.grants[key];
    }
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(store), { mode: 0o600 });
    await rename(temporary, this.file);
  }
}
