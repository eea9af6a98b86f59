import { DEV_AUDIENCE, DEV_ISSUER, loadOrCreateSigningKeys } from '@utsav/dev-identity/keys';
import devIdentity from '@utsav/dev-identity/plugin';
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { Config } from '../config';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { firebaseVerifier, localVerifier, type TokenVerifier } from './verifier';

/** The token verifier for the configured identity provider; in dev mode also mounts the provider itself. */
export async function registerIdentity(
  app: FastifyInstance,
  config: Config,
  firebaseKeys?: JSONWebKeySet,
): Promise<TokenVerifier> {
  if (config.authMode === 'firebase' && config.firebase)
    return firebaseVerifier(config.firebase.projectId, firebaseKeys);
  // Anyone can sign in as anyone here: config.ts refuses this next to production signs, main.ts's banner says so.
  // Loaded before the plugin registers so both read the same key file instead of racing to create it.
  const keys = await loadOrCreateSigningKeys(config.dataDir);
  await app.register(devIdentity, {
    prefix: '/dev-auth',
    dataDir: config.dataDir,
    demoAccounts: DEMO_ACCOUNTS,
  });
  return localVerifier(keys.publicJwks, DEV_ISSUER, DEV_AUDIENCE);
}
