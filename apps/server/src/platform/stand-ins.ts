// The development stand-ins (the identity provider that lets anyone sign in as anyone, the Razorpay emulator
// whose /_test routes pay any order) make `npm start` work without any account anywhere. Next to anything
// that says "this is the real deployment" they are a hole, so start-up refuses that mix (docs/decisions/0108-stand-ins-refused-in-production.md).

export interface StandIns {
  /** The development identity provider at /dev-auth: anyone signs in as anyone. */
  devSignIn: boolean;
  /** The built-in Razorpay emulator: no money moves, and with dev sign-in its /_test routes are mounted. */
  paymentsEmulator: boolean;
  /** ALLOW_STAND_INS=true: a deliberate staging demo let the stand-ins through the refusals below. */
  allowed: boolean;
}

export interface DeploymentFacts {
  standIns: StandIns;
  /** Why the development sign-in is on, in the operator's terms ("FIREBASE_PROJECT_ID is unset"). */
  authModeSource: string;
  /** Why the emulator is on ("PAYMENTS is unset"). */
  paymentsSource: string;
  httpsPublicUrl: boolean;
  /** NODE_ENV=production. */
  production: boolean;
  adminEmails: readonly string[];
}

export const ALLOW_STAND_INS = 'ALLOW_STAND_INS';

/** The one message start-up stops with, naming every variable to set; undefined when the mix is safe. */
export function deploymentRefusal(facts: DeploymentFacts): string | undefined {
  const { standIns } = facts;
  const problems: string[] = [];
  const fixes: string[] = [];
  const production = productionSigns(facts);

  const signInNeighbours = [...(standIns.paymentsEmulator ? [] : ['PAYMENTS=razorpay']), ...production];
  if (standIns.devSignIn && !standIns.allowed && signInNeighbours.length > 0) {
    problems.push(
      `the development sign-in, where anyone can sign in as anyone (on because ${facts.authModeSource}), is on next to ${list(signInNeighbours)}`,
    );
    fixes.push(
      'FIREBASE_PROJECT_ID and FIREBASE_API_KEY (with FIREBASE_AUTH_DOMAIN and FIREBASE_APP_ID; AUTH_MODE unset or firebase) for Google sign-in',
    );
  }
  const emulatorNeighbours = [...(standIns.devSignIn ? [] : ['Firebase sign-in']), ...production];
  if (standIns.paymentsEmulator && !standIns.allowed && emulatorNeighbours.length > 0) {
    problems.push(
      `the Razorpay emulator, where no money moves (on because ${facts.paymentsSource}), is on next to ${list(emulatorNeighbours)}`,
    );
    fixes.push('PAYMENTS=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET');
  }
  const standInProblem = problems.length > 0;
  // Without a list, the first stranger to call POST /auth/assign-admin on a fresh install would become admin.
  if (!standIns.devSignIn && facts.adminEmails.length === 0) {
    problems.push('Firebase sign-in is on with no ADMIN_EMAILS, so nobody could become admin safely');
    fixes.push("ADMIN_EMAILS to the organiser's verified Google address (a comma list)");
  }
  if (problems.length === 0) return undefined;
  const optIn = standInProblem
    ? ` Only for a deliberate staging demo that sells no real tickets, ${ALLOW_STAND_INS}=true lets the stand-ins run anyway.`
    : '';
  return `Refusing to start: ${problems.join('; ')}. Set ${fixes.join('; and ')}.${optIn} See docs/operations.md.`;
}

function productionSigns(facts: DeploymentFacts): string[] {
  return [
    ...(facts.httpsPublicUrl ? ['an https PUBLIC_URL'] : []),
    ...(facts.production ? ['NODE_ENV=production'] : []),
  ];
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export interface BannerInput {
  standIns: StandIns;
  host: string;
  publicUrl: string;
}

export interface Banner {
  level: 'info' | 'warn';
  lines: string[];
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** What the operator reads at start: which stand-ins are on and why that is safe here (or that it is not). */
export function standInBanner({ standIns, host, publicUrl }: BannerInput): Banner {
  const on = [
    ...(standIns.devSignIn ? ['the development sign-in (anyone can sign in as anyone, at /dev-auth)'] : []),
    ...(standIns.paymentsEmulator ? ['the Razorpay emulator (no money moves, at /razorpay-emulator)'] : []),
  ];
  if (on.length === 0) {
    return { level: 'info', lines: ['Stand-ins: none. Sign-in is Firebase, payments are Razorpay.'] };
  }
  const lines = [`Stand-ins on: ${on.join(' and ')}.`];
  if (standIns.allowed) {
    lines.push(
      `*** ${ALLOW_STAND_INS}=true: the stand-ins run although this looks like a deployment (${publicUrl}). This is a staging demo: sell no real tickets here, and unset ${ALLOW_STAND_INS} before the night. ***`,
    );
    return { level: 'warn', lines };
  }
  const reasons = [
    'no real payments and no Firebase are configured',
    `PUBLIC_URL is plain http (${publicUrl})`,
    'NODE_ENV is not production',
  ];
  if (standIns.devSignIn && !LOOPBACK.test(host)) {
    lines.push(
      `*** HOST=${host}: other machines on this network can reach the server and sign in as anyone. Leave HOST unset (127.0.0.1) unless that is what you want. ***`,
    );
    return { level: 'warn', lines };
  }
  const reach = LOOPBACK.test(host) ? `only this machine can reach it (${host})` : `it listens on ${host}`;
  lines.push(`Safe here because ${reasons.join(', ')}, and ${reach}.`);
  return { level: 'info', lines };
}
