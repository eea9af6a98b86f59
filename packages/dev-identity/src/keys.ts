// Signing keys and ID tokens of the development identity provider. The tokens are shaped like
// Firebase's (same claims, RS256, kid) so the server runs one verification path in every mode.

import { createHash, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from 'jose';

export const DEV_ISSUER = 'urn:utsav:dev-identity';
export const DEV_AUDIENCE = 'utsav-dev';
export const ID_TOKEN_LIFETIME_SECONDS = 3600;

const ALGORITHM = 'RS256';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwks: { keys: JWK[] };
}

export interface DevIdentity {
  email: string;
  name: string;
  picture?: string | undefined;
}

export interface SignOptions {
  /** Issue time; defaults to the clock. */
  now?: Date;
  /** When the person signed in. Kept across refreshes, as Firebase does; defaults to `now`. */
  authTime?: Date;
}

interface KeysFile {
  version: 1;
  createdAt: string;
  privateJwk: JWK;
}

export function keysDirectory(dataDir: string): string {
  return path.join(dataDir, 'dev-identity');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 28-character alphanumeric id like a Firebase uid, the same for an email in any letter case. */
export function uidForEmail(email: string): string {
  const digest = createHash('sha256')
    .update(`uid:${normalizeEmail(email)}`)
    .digest();
  let uid = '';
  for (let i = 0; i < 28; i++) uid += UID_ALPHABET[digest[i]! % UID_ALPHABET.length];
  return uid;
}

/** The numeric Google account id that Firebase lists under identities['google.com']. */
function googleSubjectForEmail(email: string): string {
  const digest = createHash('sha256')
    .update(`google:${normalizeEmail(email)}`)
    .digest();
  let subject = '1';
  for (let i = 0; i < 20; i++) subject += String(digest[i]! % 10);
  return subject;
}

/**
 * Reads the key pair from <dataDir>/dev-identity/keys.json, creating it (mode 0600) on first use.
 * Several processes may start at once on a fresh data folder: the file is written under a temporary
 * name and hard-linked into place, so exactly one key wins and everyone reads that one.
 */
export async function loadOrCreateSigningKeys(dataDir: string): Promise<SigningKeys> {
  const directory = keysDirectory(dataDir);
  const file = path.join(directory, 'keys.json');
  await mkdir(directory, { recursive: true, mode: 0o700 });

  let stored = await readKeysFile(file);
  if (!stored) {
    const { privateKey } = await generateKeyPair(ALGORITHM, { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const privateJwk: JWK = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: ALGORITHM, use: 'sig' };
    const candidate: KeysFile = { version: 1, createdAt: new Date().toISOString(), privateJwk };
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, `${JSON.stringify(candidate, null, 2)}\n`, { mode: 0o600 });
    try {
      await link(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(temporary).catch(() => {});
    }
    stored = await readKeysFile(file);
    if (!stored) throw new Error(`Could not create the development identity key file ${file}`);
  }

  const { mode } = await stat(file);
  if ((mode & 0o077) !== 0) await chmod(file, 0o600);

  const privateJwk = stored.privateJwk;
  const kid = privateJwk.kid;
  if (!kid) throw new Error(`${file} has no kid; delete it to generate a new development key`);
  const privateKey = (await importJWK(privateJwk, ALGORITHM)) as CryptoKey;
  const publicJwk: JWK = { ...privateJwk };
  for (const member of PRIVATE_MEMBERS) delete publicJwk[member];
  return { kid, privateKey, publicJwks: { keys: [publicJwk] } };
}

async function readKeysFile(file: string): Promise<KeysFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<KeysFile>;
    if (parsed.version !== 1 || parsed.privateJwk?.kty !== 'RSA' || !parsed.privateJwk.d) throw new Error();
    return parsed as KeysFile;
  } catch {
    throw new Error(`${file} is not a development identity key file; delete it to generate a new key`);
  }
}

/** Signs a 1-hour ID token with the claims Firebase puts in a Google sign-in's token. */
export async function signIdToken(
  keys: SigningKeys,
  identity: DevIdentity,
  options: SignOptions = {},
): Promise<string> {
  const email = normalizeEmail(identity.email);
  const uid = uidForEmail(email);
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const authTime = options.authTime ? Math.floor(options.authTime.getTime() / 1000) : issuedAt;
  return new SignJWT({
    name: identity.name,
    ...(identity.picture ? { picture: identity.picture } : {}),
    auth_time: authTime,
    user_id: uid,
    email,
    email_verified: true,
    firebase: {
      identities: { 'google.com': [googleSubjectForEmail(email)], email: [email] },
      sign_in_provider: 'google.com',
    },
  })
    .setProtectedHeader({ alg: ALGORITHM, kid: keys.kid, typ: 'JWT' })
    .setIssuer(DEV_ISSUER)
    .setAudience(DEV_AUDIENCE)
    .setSubject(uid)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ID_TOKEN_LIFETIME_SECONDS)
    .sign(keys.privateKey);
}
