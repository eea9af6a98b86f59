import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JSONWebKeySet } from 'jose';
import type { Registry } from 'prom-client';
import { seedDemo } from './demo/seed-demo';
import adminRoutes from './modules/admin/routes';
import auditRoutes from './modules/audit/routes';
import authRoutes from './modules/auth/routes';
import liveRoutes from './modules/checkin/live-routes';
import checkinRoutes from './modules/checkin/routes';
import checkoutQuestionRoutes from './modules/checkout-questions/routes';
import eventRoutes from './modules/event/routes';
import { startCallOffJob } from './modules/event-change/job';
import eventChangeRoutes from './modules/event-change/routes';
import invitationsRoutes from './modules/invitations/routes';
import messagesRoutes from './modules/messages/routes';
import organiserRoutes from './modules/organiser/routes';
import { currentOrganiser } from './modules/organiser/service';
import webhookRoutes from './modules/payments/webhook-routes';
import promoCodesRoutes from './modules/promo-codes/routes';
import { startPurchaseJobs } from './modules/purchase/jobs';
import purchaseRoutes from './modules/purchase/routes';
import cancellationRoutes from './modules/refunds/cancellation-routes';
import { REFUND_POLL_INTERVAL_MS, startRefundJobs } from './modules/refunds/jobs';
import refundsRoutes from './modules/refunds/routes';
import { startReminderJobs } from './modules/reminders/service';
import resaleRoutes from './modules/resale/routes';
import systemRoutes from './modules/system/routes';
import taxDocumentRoutes from './modules/tax-documents/routes';
import ticketTypesRoutes from './modules/ticket-types/routes';
import ticketsRoutes from './modules/tickets/routes';
import walletRoutes from './modules/tickets/wallet-routes';
import { startTransferJobs } from './modules/transfers/jobs';
import transfersRoutes from './modules/transfers/routes';
import usersRoutes from './modules/users/routes';
import waitingRoomRoutes from './modules/waiting-room/routes';
import { startWaitlistJobs } from './modules/waitlist/jobs';
import { createOfferTrigger, type OfferTrigger } from './modules/waitlist/offer-trigger';
import waitlistRoutes from './modules/waitlist/routes';
import { registerOutbox } from './outbox';
import { paymentNewsHandlers } from './payment-news';
import { AccessLog } from './platform/access-log';
import { registerIdentity } from './platform/auth/identity';
import authPlugin from './platform/auth/plugin';
import { cachedUserLoader, type LoadUser } from './platform/auth/user-cache';
import type { Config } from './platform/config';
import type { AppContext } from './platform/context';
import { registerCors } from './platform/cors';
import { createDatabase, type Db, migrateToLatest, usersVersion } from './platform/db/database';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './platform/error-handler';
import { registerIdempotencyKeys } from './platform/idempotency/plugin';
import { rejectNulCharacters } from './platform/input-guard';
import { type LogDestination, processLogDestination } from './platform/logger';
import { metricsRegistry, registerMetrics } from './platform/metrics';
import { registerOverloadShedding } from './platform/overload';
import { razorpayClientFor, registerPaymentsEmulator } from './platform/payments/provider';
import { registerRequestHooks } from './platform/request-hooks';
import { requestId } from './platform/request-id';
import { responseSerializerCompiler } from './platform/response-serializer';
import { registerRouteCatalog } from './platform/route-catalog';
import { securityHeaders } from './platform/security';
import { registerWeb } from './platform/web';
import { findUserByFirebaseUid } from './stores/users';

const DEFAULT_BODY_LIMIT = 100 * 1024;

export interface BuildOptions {
  now?: () => Date;
  /** Where log lines go; main.ts passes its own so it can wait for them (boundedly) at exit. */
  logDestination?: LogDestination;
  /** Firebase mode only: the keys ID tokens are checked against instead of Google's (tests sign their own). */
  firebaseKeys?: JSONWebKeySet;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  // The same clock in milliseconds for the per-request paths (the access log's seconds, the signed-in user's
  // copy): Date.now itself unless a test brought its own clock.
  const nowMs = options.now ? () => now().getTime() : Date.now;
  const registry = metricsRegistry();
  const app = createServer(config, options.logDestination ?? processLogDestination(), registry, nowMs);
  const db = createDatabase(config, (error) =>
    app.log.error({ err: error }, 'idle database connection failed'),
  );
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  try {
    await migrateToLatest(db);
    if (config.demoSeed) await seedDemo(db, now());

    await registerCors(app, config);
    // Responses of 1 KB and more (the check-in snapshot is ~2 MB of JSON). Requests are never decompressed: no
    // client needs it, and the Razorpay webhook must see the exact bytes it signed. Built web assets arrive
    // already compressed (.br/.gz from the build) and are left alone.
    await app.register(compress, { threshold: 1024, globalDecompression: false });
    registerMetrics(app, registry, { db, now, token: config.metricsToken });
    await app.register(rateLimit, { global: false });
    await app.register(swagger, {
      openapi: { info: { title: 'Utsav API', version: '1.0.0' }, servers: [] },
      // Only the API is documented; the dev identity pages and the web app's files are not part of it.
      transform: (document) =>
        document.url.startsWith('/api/')
          ? jsonSchemaTransform(document)
          : { schema: { hide: true }, url: document.url },
    });

    const verifier = await registerIdentity(app, config, options.firebaseKeys);
    await registerPaymentsEmulator(app, config);
    const ctx: AppContext = {
      db,
      config,
      verifier,
      now,
      log: app.log,
      razorpay: razorpayClientFor(app, config),
      organiser: () => currentOrganiser(ctx),
      seatsReturned: (eventId) => offerTrigger.seatsReturned(eventId),
    };
    const offerTrigger = createOfferTrigger(ctx);
    app.decorate('ctx', ctx);
    registerBackgroundJobs(app, ctx, offerTrigger);
    app.decorate('outbox', registerOutbox(app, ctx));
    await app.register(authPlugin, { verifier, loadUser: signedInUserLoader(db, nowMs) });
    // Before the routes: it adds its hooks to each write route as the route is registered.
    registerIdempotencyKeys(app, { db, now });
    await app.register(apiRoutes, { prefix: '/api' });
    await registerWeb(app, config.webDistDir);
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

function createServer(
  config: Config,
  logDestination: LogDestination,
  registry: Registry,
  nowMs: () => number,
): FastifyInstance {
  const accessLog = new AccessLog(config.accessLogOkLinesPerSecond, nowMs);
  const app = Fastify({
    logger: {
      stream: logDestination.stream,
      level: config.logLevel,
      // No `redact`: pino applies it to the serialised `req`, and Fastify's serializer keeps only method, url,
      // host, address and port, never headers, so the paths could never match; walking them on every access
      // line was a measurable cost (bench/history/platform.md). test/integration/access-log.test.ts checks
      // that no line carries a token.
    },
    genReqId: requestId,
    logController: accessLog,
    requestIdHeader: false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A hop count is valid at runtime (proxy-addr); the type definitions only lag behind.
    trustProxy: config.trustProxy as boolean | string,
    forceCloseConnections: 'idle',
    // While closing, platform/overload.ts answers with the envelope and Retry-After (paid-order paths and the
    // gate are still served); Fastify's own answer would be a bare 503 before any hook runs.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  accessLog.attach(app);
  registerRouteCatalog(app);
  // Before any route: each route gets its overload check when it is registered. The request id and the security
  // headers on every answer, in one hook with the in-flight count of unmatched requests.
  registerRequestHooks(app, {
    securityHeaders: securityHeaders(config),
    overload: registerOverloadShedding(app, { ...config.overload, registry }),
  });
  rejectNulCharacters(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  acceptEmptyJsonBodies(app);
  registerErrorHandling(app);
  closeConnectionsOnceAnswered(app);
  return app;
}

async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(authRoutes);
  await api.register(eventRoutes);
  await api.register(usersRoutes);
  await api.register(systemRoutes);
  await api.register(waitingRoomRoutes);
  await api.register(purchaseRoutes);
  await api.register(ticketsRoutes);
  await api.register(ticketTypesRoutes);
  await api.register(promoCodesRoutes);
  await api.register(walletRoutes);
  await api.register(transfersRoutes);
  await api.register(resaleRoutes);
  await api.register(waitlistRoutes);
  await api.register(webhookRoutes, { handlers: paymentNewsHandlers });
  await api.register(checkinRoutes);
  await api.register(liveRoutes);
  await api.register(cancellationRoutes);
  await api.register(refundsRoutes);
  await api.register(adminRoutes);
  await api.register(organiserRoutes);
  await api.register(taxDocumentRoutes);
  await api.register(checkoutQuestionRoutes);
  await api.register(eventChangeRoutes);
  await api.register(messagesRoutes);
  await api.register(auditRoutes);
  await api.register(invitationsRoutes);
}

/** Started once the server is ready, stopped before it closes (a run in progress finishes first). */
function registerBackgroundJobs(app: FastifyInstance, ctx: AppContext, offerTrigger: OfferTrigger): void {
  let jobs: ReturnType<typeof startPurchaseJobs> | undefined;
  let refundJobs: ReturnType<typeof startRefundJobs> | undefined;
  let reminderJobs: ReturnType<typeof startReminderJobs> | undefined;
  let waitlistJobs: ReturnType<typeof startWaitlistJobs> | undefined;
  let transferJobs: ReturnType<typeof startTransferJobs> | undefined;
  let callOffJob: ReturnType<typeof startCallOffJob> | undefined;
  app.addHook('onReady', async () => {
    jobs = startPurchaseJobs(ctx, ctx.config.holdSweepIntervalMs);
    refundJobs = startRefundJobs(ctx);
    reminderJobs = startReminderJobs(ctx, ctx.config.reminders.sweepIntervalMs);
    // Seats that come back are offered at once (offer-trigger.ts); the sweep, at the cadence that reconciles
    // expired holds, is the safety net.
    offerTrigger.start();
    waitlistJobs = startWaitlistJobs(ctx, ctx.config.holdSweepIntervalMs, offerTrigger);
    transferJobs = startTransferJobs(ctx, REFUND_POLL_INTERVAL_MS);
    // A called-off night's refunds, at the cadence that reconciles holds (event-change/job.ts).
    callOffJob = startCallOffJob(ctx, ctx.config.holdSweepIntervalMs);
  });
  // preClose: the emulator (in emulator mode) and the database are still up for the last run.
  app.addHook('preClose', async () => {
    await jobs?.stop();
    await refundJobs?.stop();
    await reminderJobs?.stop();
    await waitlistJobs?.stop();
    await offerTrigger.stop();
    await transferJobs?.stop();
    await callOffJob?.stop();
  });
}

/**
 * server.close() ends the keep-alive connections idle at that moment and then waits for the others. One still
 * answering a request (a Razorpay webhook mid-transaction) would stay open after its answer for the whole
 * keepAliveTimeout (72 s), and close() with it (fastify/fastify#7044). Answers sent once closing has begun
 * say Connection: close, so each of those connections ends with its answer.
 */
function closeConnectionsOnceAnswered(app: FastifyInstance): void {
  let closing = false;
  // Registered first: set before the other preClose hooks (which may wait seconds for a job) and server.close().
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * The signed-in user's row for requireUser: read once and kept for up to a second, and never past a change this
 * instance makes to the users table (platform/auth/user-cache.ts, docs/decisions.md).
 */
function signedInUserLoader(db: Db, nowMs: () => number): LoadUser {
  const load = (uid: string) => findUserByFirebaseUid(db, uid);
  const version = usersVersion(db);
  return version ? cachedUserLoader(load, version, nowMs) : load;
}

/** Clients that send Content-Type: application/json with no body (POST /auth/logout) get an empty payload. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
