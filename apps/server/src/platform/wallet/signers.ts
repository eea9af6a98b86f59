import type { Config } from '../config';
import type { ApplePassSigner } from './apple-pass';
import type { GooglePassSigner } from './google-pass';
import {
  loadTestCredentials,
  TEST_GOOGLE_ISSUER_ID,
  TEST_GOOGLE_SERVICE_ACCOUNT,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
} from './test-credentials';

// The organiser's credentials when configured (README "Wallet passes"), else the data folder's generated
// test ones: the same signing code runs in every mode, only the keys differ.

export async function applePassSigner(config: Config): Promise<ApplePassSigner> {
  if (config.wallet.apple) return config.wallet.apple;
  const test = await loadTestCredentials(config.dataDir);
  return {
    passTypeId: TEST_PASS_TYPE_ID,
    teamId: TEST_TEAM_ID,
    certificate: test.passCertificate,
    privateKey: test.passKey,
    wwdrCertificate: test.caCertificate,
  };
}

export async function googlePassSigner(config: Config): Promise<GooglePassSigner> {
  if (config.wallet.google) return config.wallet.google;
  const test = await loadTestCredentials(config.dataDir);
  return {
    issuerId: TEST_GOOGLE_ISSUER_ID,
    serviceAccountEmail: TEST_GOOGLE_SERVICE_ACCOUNT,
    privateKey: test.googleKey,
  };
}
