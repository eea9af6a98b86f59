import { z } from 'zod';
import { ConfigError } from './config-error';

// The wallet passes' signing settings (Apple Wallet, Google Wallet), read from the environment at start-up.

export interface WalletConfig {
  apple:
    | {
        passTypeId: string;
        teamId: string;
        /** PEM texts. */
        certificate: string;
        privateKey: string;
        passphrase: string | undefined;
        wwdrCertificate: string;
      }
    | undefined;
  google: { issuerId: string; serviceAccountEmail: string; privateKey: string } | undefined;
}

type WalletEnv = Partial<
  Record<
    | (typeof APPLE_VARIABLES)[number]
    | 'APPLE_PASS_KEY_PASSPHRASE'
    | 'GOOGLE_WALLET_ISSUER_ID'
    | 'GOOGLE_WALLET_SERVICE_ACCOUNT',
    string
  >
>;

const APPLE_VARIABLES = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_TEAM_ID',
  'APPLE_PASS_CERT',
  'APPLE_PASS_KEY',
  'APPLE_WWDR_CERT',
] as const;

/** All of a provider's variables or none: half a configuration would sign passes no phone accepts. */
export function walletConfig(e: WalletEnv): WalletConfig {
  let apple: WalletConfig['apple'];
  const appleSet = APPLE_VARIABLES.filter((key) => e[key]);
  if (appleSet.length > 0) {
    const missing = APPLE_VARIABLES.filter((key) => !e[key]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration. ${missing.map((key) => `${key}: required with the other APPLE_ variables`).join('; ')}`,
      );
    }
    apple = {
      passTypeId: e.APPLE_PASS_TYPE_ID!,
      teamId: e.APPLE_TEAM_ID!,
      certificate: pemText('APPLE_PASS_CERT', e.APPLE_PASS_CERT!, 'CERTIFICATE'),
      privateKey: pemText('APPLE_PASS_KEY', e.APPLE_PASS_KEY!, 'PRIVATE KEY'),
      passphrase: e.APPLE_PASS_KEY_PASSPHRASE,
      wwdrCertificate: pemText('APPLE_WWDR_CERT', e.APPLE_WWDR_CERT!, 'CERTIFICATE'),
    };
  }
  let google: WalletConfig['google'];
  if (e.GOOGLE_WALLET_ISSUER_ID || e.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    if (!e.GOOGLE_WALLET_ISSUER_ID || !e.GOOGLE_WALLET_SERVICE_ACCOUNT) {
      throw new ConfigError(
        'Invalid configuration. GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT: set both or neither',
      );
    }
    google = { issuerId: e.GOOGLE_WALLET_ISSUER_ID, ...serviceAccount(e.GOOGLE_WALLET_SERVICE_ACCOUNT) };
  }
  return { apple, google };
}

/** A PEM given as is (newlines or literal \n) or base64-encoded whole, as one-line env files need. */
function pemText(name: string, value: string, label: string): string {
  const text = value.includes('-----BEGIN') ? value : Buffer.from(value, 'base64').toString('utf8');
  const pem = text.replace(/\\n/g, '\n').replace(/\r\n/g, '\n').trim();
  if (!pem.includes('-----BEGIN') || !pem.includes(label)) {
    throw new ConfigError(`Invalid configuration. ${name}: must be a PEM ${label} (or its base64)`);
  }
  return `${pem}\n`;
}

/** The service account key file Google Cloud downloads (JSON), as is or base64-encoded. */
function serviceAccount(value: string): { serviceAccountEmail: string; privateKey: string } {
  const text = value.startsWith('{') ? value : Buffer.from(value, 'base64').toString('utf8');
  const parsed = z
    .object({ client_email: z.string().includes('@'), private_key: z.string().includes('PRIVATE KEY') })
    .safeParse(
      (() => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      })(),
    );
  if (!parsed.success) {
    throw new ConfigError(
      'Invalid configuration. GOOGLE_WALLET_SERVICE_ACCOUNT: must be the service account key JSON (or its base64)',
    );
  }
  return { serviceAccountEmail: parsed.data.client_email, privateKey: parsed.data.private_key };
}
