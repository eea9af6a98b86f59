import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type Forge from 'node-forge';
import { lazyModule } from '../lazy-module';

// Stand-in wallet credentials for local runs and tests: a throwaway certificate authority playing Apple's
// WWDR intermediate, a pass certificate it signed, and an RSA key playing a Google service account. The
// passes they sign are structurally what Apple and Google expect (openssl verifies the signature against
// this CA), but no phone trusts them. Made once per data folder, so a restart signs with the same keys.

export const TEST_PASS_TYPE_ID = 'pass.local.utsav.test';
export const TEST_TEAM_ID = 'UTSAVTEST0';
export const TEST_GOOGLE_ISSUER_ID = '3388000000000000000';
export const TEST_GOOGLE_SERVICE_ACCOUNT = 'wallet@utsav-test.iam.gserviceaccount.com';

const nodeForge = lazyModule<typeof Forge>('node-forge');

export interface TestWalletCredentials {
  caCertificate: string;
  passCertificate: string;
  passKey: string;
  googleKey: string;
}

const FILE = 'wallet-test-credentials.json';

export function testCredentialsPath(dataDir: string): string {
  return join(dataDir, FILE);
}

let pending: Map<string, Promise<TestWalletCredentials>> | undefined;

/** Loads the data folder's test credentials, creating them on first use (one creation per process). */
export function loadTestCredentials(dataDir: string): Promise<TestWalletCredentials> {
  pending ??= new Map();
  let credentials = pending.get(dataDir);
  if (!credentials) {
    credentials = loadOrCreate(dataDir);
    pending.set(dataDir, credentials);
    credentials.catch(() => pending?.delete(dataDir));
  }
  return credentials;
}

async function loadOrCreate(dataDir: string): Promise<TestWalletCredentials> {
  const path = testCredentialsPath(dataDir);
  try {
    return JSON.parse(await readFile(path, 'utf8')) as TestWalletCredentials;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const credentials = createTestCredentials();
  await mkdir(dataDir, { recursive: true });
  // 'wx': two instances starting together on one folder keep whichever wrote first.
  try {
    await writeFile(path, JSON.stringify(credentials), { flag: 'wx', mode: 0o600 });
    return credentials;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(path, 'utf8')) as TestWalletCredentials;
  }
}

function rsaKeyPair() {
  // Node's native generator: node-forge's pure-JS RSA takes seconds.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function certificate(options: {
  subject: string;
  issuer: Forge.pki.Certificate | null;
  publicPem: string;
  signingKeyPem: string;
  ca: boolean;
}): Forge.pki.Certificate {
  const forge = nodeForge();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicPem);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: options.subject },
    { name: 'organizationName', value: 'Utsav test wallet' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(options.issuer ? options.issuer.subject.attributes : subject);
  cert.setExtensions(
    options.ca
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, critical: true },
        ],
  );
  cert.sign(forge.pki.privateKeyFromPem(options.signingKeyPem), forge.md.sha256.create());
  return cert;
}

export function createTestCredentials(): TestWalletCredentials {
  const forge = nodeForge();
  const caKeys = rsaKeyPair();
  const ca = certificate({
    subject: 'Utsav Test WWDR CA',
    issuer: null,
    publicPem: caKeys.publicPem,
    signingKeyPem: caKeys.privatePem,
    ca: true,
  });
  const passKeys = rsaKeyPair();
  const pass = certificate({
    subject: `Pass Type ID: ${TEST_PASS_TYPE_ID}`,
    issuer: ca,
    publicPem: passKeys.publicPem,
    signingKeyPem: caKeys.privatePem,
    ca: false,
  });
  return {
    caCertificate: forge.pki.certificateToPem(ca),
    passCertificate: forge.pki.certificateToPem(pass),
    passKey: passKeys.privatePem,
    googleKey: rsaKeyPair().privatePem,
  };
}
