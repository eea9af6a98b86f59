import { fileURLToPath } from 'node:url';
import { EMAIL_PATTERN } from '@utsav/domain/auth-schemas';
import {
  DEFAULT_HOLD_MINUTES,
  DEFAULT_MAX_TICKETS_PER_PERSON,
  DEFAULT_ORDER_QUANTITY_CAP,
  DEFAULT_SCAN_NETWORK_BUDGET_MS,
} from '@utsav/domain/constants';
import {
  DEFAULT_QUEUE_ADMIT_PER_MINUTE,
  DEFAULT_QUEUE_PASS_MINUTES,
  type WaitingRoomMode,
} from '@utsav/domain/waiting-room';
import { DEFAULT_WAITLIST_OFFER_MINUTES } from '@utsav/domain/waitlist';
import { z } from 'zod';
import { ConfigError } from './config-error';
import { type WalletConfig, walletConfig } from './config-wallet';
import { deploymentRefusal, type StandIns } from './stand-ins';

export { ConfigError, type WalletConfig };

// Every setting comes from the environment and is checked once at start-up, so a typo stops the server
// with the variable's name instead of surfacing as a strange failure during a sales rush.

/** Fixed keys of the built-in Razorpay emulator: they only ever talk to this same process. */
export const EMULATOR_RAZORPAY = {
  keyId: 'rzp_test_utsav_emulator',
  keySecret: 'utsav_emulator_key_secret',
  webhookSecret: 'utsav_emulator_webhook_secret',
} as const;

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

type Env = Record<string, string | undefined>;

// An origin as browsers send it: scheme, host, optional port; no path, no wildcard.
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

// Empty strings count as unset: `.env` files and CI templates often carry `NAME=`.
const optionalText = z.string().trim().min(1).optional();
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' });
const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be above 0')
    .default(fallback);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .default(8080),
  // Default depends on the sign-in provider (see loadConfig).
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(20),
  AUTH_MODE: z.enum(['dev', 'firebase'], { error: 'must be dev or firebase' }).optional(),
  FIREBASE_PROJECT_ID: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id (lowercase letters, digits, dashes)')
    .optional(),
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as my-project.firebaseapp.com')
    .optional(),
  FIREBASE_APP_ID: optionalText,
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (emails) => emails.every((email) => EMAIL_PATTERN.test(email)),
      'must be a comma-separated list of email addresses',
    ),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine(
      (origins) => origins.every((origin) => ORIGIN.test(origin)),
      'must be a comma-separated list of origins such as https://tickets.example.com (scheme and host, no path, never *)',
    ),
  DEMO_SEED: bool.optional(),
  // The one way to run a stand-in where start-up would refuse it (a deliberate staging demo).
  ALLOW_STAND_INS: bool.optional(),
  NODE_ENV: z.string().trim().optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  // Successful quick answers logged one by one per second per instance; the rest counted (access-log.ts).
  ACCESS_LOG_OK_LINES_PER_SECOND: positiveInt(200),
  SCAN_NETWORK_BUDGET_MS: positiveInt(DEFAULT_SCAN_NETWORK_BUDGET_MS),
  PAYMENTS: z.enum(['emulator', 'razorpay'], { error: 'must be emulator or razorpay' }).default('emulator'),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  RAZORPAY_TIMEOUT_MS: positiveInt(10_000),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Utsav Tickets <tickets@utsav.local>'),
  HOLD_MINUTES: positiveInt(DEFAULT_HOLD_MINUTES),
  WAITLIST_OFFER_MINUTES: positiveInt(DEFAULT_WAITLIST_OFFER_MINUTES),
  ORDER_QUANTITY_CAP: positiveInt(DEFAULT_ORDER_QUANTITY_CAP),
  MAX_TICKETS_PER_PERSON: positiveInt(DEFAULT_MAX_TICKETS_PER_PERSON),
  TRUST_PROXY: z.string().trim().optional(),
  // Sign-ins per identity (the verified token's subject), and per client address: carrier-grade NAT and a
  // college's Wi-Fi put hundreds of honest people behind one address, so that ceiling is far higher.
  RATE_LIMIT_AUTH_PER_MINUTE: positiveInt(30),
  RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: positiveInt(1200),
  RATE_LIMIT_LOG_ERROR_PER_MINUTE: positiveInt(10),
  // Per signed-in buyer; each create-order places a hold, so this bounds how many seats one account can
  // lock up, while a buyer dismissing and retrying checkout a few times never meets it.
  RATE_LIMIT_CREATE_ORDER_PER_MINUTE: positiveInt(10),
  WAITING_ROOM: z.enum(['auto', 'always', 'off'], { error: 'must be auto, always or off' }).default('auto'),
  QUEUE_ADMIT_PER_MINUTE: positiveInt(DEFAULT_QUEUE_ADMIT_PER_MINUTE),
  QUEUE_PASS_MINUTES: positiveInt(DEFAULT_QUEUE_PASS_MINUTES),
  HOLD_SWEEP_SECONDS: positiveInt(30),
  // How often each instance compares its clock with the end of the next hold or offer it knows of while people
  // wait: no statement unless one has ended (modules/waitlist/offer-trigger.ts).
  WAITLIST_DUE_CHECK_MS: positiveInt(1000),
  OUTBOX_INTERVAL_MS: positiveInt(2000),
  // A scraper that is not on the server's own machine must send it as `Authorization: Bearer <token>`.
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  // Overload shedding (platform/overload.ts): deferrable API work is refused at these, sales work at twice.
  OVERLOAD_MAX_IN_FLIGHT: positiveInt(256),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: positiveInt(200),
  // A slow event loop sheds nothing until this many requests are in flight (queued, not just slow).
  OVERLOAD_MIN_IN_FLIGHT: positiveInt(16),
  OVERLOAD_RETRY_AFTER_SECONDS: positiveInt(2),
  // Wallet passes (README "Wallet passes"). Unset: a test certificate and key generated in DATA_DIR.
  APPLE_PASS_TYPE_ID: z
    .string()
    .trim()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, 'must be a Pass Type ID such as pass.com.example.utsav')
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple Team ID')
    .optional(),
  APPLE_PASS_CERT: optionalText,
  APPLE_PASS_KEY: optionalText,
  APPLE_PASS_KEY_PASSPHRASE: optionalText,
  APPLE_WWDR_CERT: optionalText,
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .trim()
    .regex(/^\d{5,25}$/, 'must be the numeric Issuer ID')
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: optionalText,
  // Reminders (the day before the event, IST).
  REMINDER_HOUR_IST: z.coerce
    .number({ error: 'must be an hour 0-23' })
    .int('must be an hour 0-23')
    .min(0, 'must be an hour 0-23')
    .max(23, 'must be an hour 0-23')
    .default(10),
  GATES_OPEN_MINUTES_BEFORE: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be 0 or more')
    .max(720, 'must be at most 720')
    .default(30),
  REMINDER_SWEEP_SECONDS: positiveInt(60),
});

export interface FirebaseConfig {
  projectId: string;
  apiKey: string | undefined;
  authDomain: string;
  appId: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise SQLite at `<dataDir>/utsav.sqlite`. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections per instance (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  authMode: 'dev' | 'firebase';
  firebase: FirebaseConfig | undefined;
  adminEmails: string[];
  publicUrl: string;
  /** Other origins whose pages may call the API with credentials (a frontend on a CDN); empty: same-origin only. */
  corsOrigins: string[];
  demoSeed: boolean;
  logLevel: string;
  /** Successful answers quicker than a second get their own access line up to this many a second (access-log.ts). */
  accessLogOkLinesPerSecond: number;
  /** How long a gate phone waits for the server on a scan before deciding offline (client-config). */
  scanNetworkBudgetMs: number;
  payments: 'emulator' | 'razorpay';
  /**
   * PAYMENTS=emulator: how long the mounted emulator takes to settle a refund (its own default, 1.5 s, when
   * unset); null: until its POST /_test/refunds/settle. Not an environment setting: the integration harness
   * settles refunds itself, so no test depends on what the server managed to do before a timer ran out.
   */
  emulatorRefundDelayMs?: number | null;
  razorpay: {
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    /** Undefined in emulator mode: the emulator is mounted on this server's own address. */
    baseUrl: string | undefined;
    /** How long one call waits for Razorpay's answer before the caller is told to try again. */
    timeoutMs: number;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  holdMinutes: number;
  /** How long a waitlist offer holds its seats for the person at the front of the line. */
  waitlistOfferMinutes: number;
  orderQuantityCap: number;
  /** Seats one person may hold plus have bought (hand-issued tickets aside); see @utsav/domain/person-limit. */
  maxTicketsPerPerson: number;
  trustProxy: boolean | number | string;
  rateLimits: {
    /** Per identity (token subject); an unverifiable token counts against its address at this rate. */
    authPerMinute: number;
    authPerAddressPerMinute: number;
    logErrorPerMinute: number;
    createOrderPerMinute: number;
  };
  waitingRoom: { mode: WaitingRoomMode; admitPerMinute: number; passMinutes: number };
  /** How often each instance looks for expired holds and reconciles them with Razorpay. */
  holdSweepIntervalMs: number;
  /** How often an instance looks whether a hold or offer it knows of has ended while people wait (no query). */
  waitlistDueCheckMs: number;
  /** How often the outbox worker looks for mail to send. */
  outboxIntervalMs: number;
  /** Bearer token for GET /metrics from other machines; unset: loopback only. */
  metricsToken: string | undefined;
  /** When to shed API work with 503 + Retry-After (platform/overload.ts). */
  overload: {
    maxInFlight: number;
    maxEventLoopDelayMs: number;
    minInFlight: number;
    retryAfterSeconds: number;
  };
  /** Production wallet credentials; undefined parts use generated test credentials (platform/wallet). */
  wallet: WalletConfig;
  reminders: {
    /** IST hour of the day before the event at which reminders go out. */
    hourIst: number;
    /** Gates open this long before the event's start time (quoted in the reminder). */
    gatesOpenMinutesBefore: number;
    /** How often each instance queues the reminders that are due. */
    sweepIntervalMs: number;
  };
  /** Which development stand-ins run, and whether they were let through by ALLOW_STAND_INS. */
  standIns: StandIns;
  /** The built web app; not an environment variable, tests point it elsewhere. */
  webDistDir: string;
}

// Values that are words, whatever case the operator typed them in: `NODE_ENV=Production` must trip the same
// refusals as `production`, not slip past a case-sensitive comparison.
const CASE_INSENSITIVE = new Set([
  'AUTH_MODE',
  'PAYMENTS',
  'NODE_ENV',
  'LOG_LEVEL',
  'WAITING_ROOM',
  'DEMO_SEED',
  'ALLOW_STAND_INS',
]);
// URLs whose scheme and host are case-insensitive (`HTTPS://Tickets.Example.com` is an https URL).
const URLS = new Set(['PUBLIC_URL', 'RAZORPAY_BASE_URL']);

/**
 * Every value trimmed (empty counts as unset: `.env` files and CI templates often carry `NAME=`), words
 * lower-cased, URLs with their scheme and host lower-cased, before any check reads them.
 */
export function normalisedEnv(env: Env): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => {
      const value = env[key]?.trim();
      if (!value) return [key, undefined];
      if (CASE_INSENSITIVE.has(key)) return [key, value.toLowerCase()];
      if (key === 'TRUST_PROXY' && /^(true|false)$/i.test(value)) return [key, value.toLowerCase()];
      if (URLS.has(key)) return [key, lowerCaseOrigin(value)];
      return [key, value];
    }),
  );
}

/** `HTTPS://Host.Example:8443/Path` -> `https://host.example:8443/Path`; anything unparsable as it was. */
function lowerCaseOrigin(value: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/i.exec(value);
  if (!match) return value;
  // Credentials before an @ keep their case; only the host after it is case-insensitive.
  const authority = match[2]!;
  const at = authority.lastIndexOf('@') + 1;
  return `${match[1]!.toLowerCase()}${authority.slice(0, at)}${authority.slice(at).toLowerCase()}${match[3]}`;
}

export function loadConfig(env: Env): Config {
  const cleaned = normalisedEnv(env);
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const authMode = e.AUTH_MODE ?? (e.FIREBASE_PROJECT_ID ? 'firebase' : 'dev');
  if (authMode === 'firebase' && !e.FIREBASE_PROJECT_ID) {
    throw new ConfigError('Invalid configuration. FIREBASE_PROJECT_ID: required when AUTH_MODE=firebase');
  }
  const razorpay = razorpayConfig(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const standIns: StandIns = {
    devSignIn: authMode === 'dev',
    paymentsEmulator: e.PAYMENTS === 'emulator',
    allowed: e.ALLOW_STAND_INS ? isTrue(e.ALLOW_STAND_INS) : false,
  };
  const refusal = deploymentRefusal({
    standIns,
    authModeSource: e.AUTH_MODE ? 'AUTH_MODE=dev' : 'FIREBASE_PROJECT_ID is unset',
    paymentsSource: cleaned.PAYMENTS ? 'PAYMENTS=emulator' : 'PAYMENTS is unset',
    httpsPublicUrl: publicUrl.startsWith('https://'),
    production: e.NODE_ENV === 'production',
    adminEmails: e.ADMIN_EMAILS,
  });
  if (refusal) throw new ConfigError(refusal);
  return {
    port: e.PORT,
    // A laptop in dev mode on a venue's Wi-Fi must not offer "sign in as anyone" to the room.
    host: e.HOST ?? (authMode === 'dev' ? '127.0.0.1' : '0.0.0.0'),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    authMode,
    firebase:
      authMode === 'firebase' && e.FIREBASE_PROJECT_ID
        ? {
            projectId: e.FIREBASE_PROJECT_ID,
            apiKey: e.FIREBASE_API_KEY,
            authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
            appId: e.FIREBASE_APP_ID,
          }
        : undefined,
    adminEmails: e.ADMIN_EMAILS,
    publicUrl,
    // Browsers send the origin lower-case in scheme and host.
    corsOrigins: e.CORS_ORIGINS.map((origin) => origin.toLowerCase()),
    demoSeed: e.DEMO_SEED ? isTrue(e.DEMO_SEED) : authMode === 'dev',
    logLevel: e.LOG_LEVEL,
    accessLogOkLinesPerSecond: e.ACCESS_LOG_OK_LINES_PER_SECOND,
    scanNetworkBudgetMs: e.SCAN_NETWORK_BUDGET_MS,
    payments: e.PAYMENTS,
    razorpay,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    holdMinutes: e.HOLD_MINUTES,
    waitlistOfferMinutes: e.WAITLIST_OFFER_MINUTES,
    orderQuantityCap: e.ORDER_QUANTITY_CAP,
    maxTicketsPerPerson: e.MAX_TICKETS_PER_PERSON,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      authPerAddressPerMinute: e.RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE,
      logErrorPerMinute: e.RATE_LIMIT_LOG_ERROR_PER_MINUTE,
      createOrderPerMinute: e.RATE_LIMIT_CREATE_ORDER_PER_MINUTE,
    },
    waitingRoom: {
      mode: e.WAITING_ROOM,
      admitPerMinute: e.QUEUE_ADMIT_PER_MINUTE,
      passMinutes: e.QUEUE_PASS_MINUTES,
    },
    holdSweepIntervalMs: e.HOLD_SWEEP_SECONDS * 1000,
    waitlistDueCheckMs: e.WAITLIST_DUE_CHECK_MS,
    outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
    metricsToken: e.METRICS_TOKEN,
    overload: {
      maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      minInFlight: e.OVERLOAD_MIN_IN_FLIGHT,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    wallet: walletConfig(e),
    reminders: {
      hourIst: e.REMINDER_HOUR_IST,
      gatesOpenMinutesBefore: e.GATES_OPEN_MINUTES_BEFORE,
      sweepIntervalMs: e.REMINDER_SWEEP_SECONDS * 1000,
    },
    standIns,
    webDistDir: DEFAULT_WEB_DIST,
  };
}

function isTrue(value: string): boolean {
  return ['true', '1', 'yes'].includes(value);
}

function razorpayConfig(e: z.infer<typeof envSchema>): Config['razorpay'] {
  if (e.PAYMENTS === 'emulator') {
    return { ...EMULATOR_RAZORPAY, baseUrl: e.RAZORPAY_BASE_URL, timeoutMs: e.RAZORPAY_TIMEOUT_MS };
  }
  const missing = (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const).filter(
    (key) => !e[key],
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration. ${missing.map((key) => `${key}: required when PAYMENTS=razorpay`).join('; ')}`,
    );
  }
  return {
    keyId: e.RAZORPAY_KEY_ID!,
    keySecret: e.RAZORPAY_KEY_SECRET!,
    webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
    baseUrl: e.RAZORPAY_BASE_URL ?? 'https://api.razorpay.com/v1',
    timeoutMs: e.RAZORPAY_TIMEOUT_MS,
  };
}

/** true/false, a hop count, or a comma list of trusted proxy addresses (Fastify's trustProxy forms). */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
