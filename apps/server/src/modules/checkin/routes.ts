import {
  admittedResponseSchema,
  checkinSnapshotResponseSchema,
  exitedResponseSchema,
  scannedTicketResponseSchema,
  syncResponseSchema,
  undoneResponseSchema,
} from '@utsav/domain/api/checkin';
import { okResponseSchema } from '@utsav/domain/api/common';
import { heartbeatRequestSchema, scanRequestSchema, syncRequestSchema } from '@utsav/domain/checkin-schema';
import {
  gateAdmitRequestSchema,
  gateSearchQuerySchema,
  gateSearchResponseSchema,
} from '@utsav/domain/gate-search';
import { gateUndoRequestSchema } from '@utsav/domain/gate-undo';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actor } from '../../platform/auth/plugin';
import { requestLanguage } from '../../platform/i18n/request-language';
import { toTicketJson } from '../tickets/presenter';
import { toSnapshotJson } from './presenter';
import { admitFound, searchAtGate } from './search';
import { CHECKIN_MESSAGES, checkinSnapshot, markExit, markUsed, recordHeartbeat, verifyQr } from './service';
import { syncAdmissions } from './sync';
import { UNDO_MESSAGES, undoAdmission } from './undo';

// Gate check-in (docs/product.md#gate-scanner). Every route: qrchecker, manager or admin.

// Per checker (the route's own onRequest has identified them by then). A busy gate scans about once a
// second and each guest costs a verify and a mark, so 300 a minute per route leaves five times headroom;
// a sync carries up to 500 admissions, so a device that reconnects needs only a few.
const SCANS_PER_MINUTE = 300;
const SYNCS_PER_MINUTE = 30;
/** A phone says it is alive every 30 s; a few more for reconnects. */
const HEARTBEATS_PER_MINUTE = 12;
/**
 * Searching by name lists guests: a volunteer with a dead-phone guest searches a few times, someone
 * collecting the guest list would search thousands of times.
 */
const SEARCHES_PER_MINUTE = 30;

const perChecker = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
});

// An admission answers the same whether it came from a scan, a typed code or a search (mark-used, admit):
// admittedResponseSchema, with CHECKIN_MESSAGES.admitted.

const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateOnly = app.requireAction('checkin:scan');

  app.post(
    '/tickets/verify-qr',
    {
      onRequest: gateOnly,
      config: perChecker(SCANS_PER_MINUTE),
      schema: {
        tags: ['check-in'],
        body: scanRequestSchema,
        response: { 200: scannedTicketResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ticket: toTicketJson(await verifyQr(app.ctx, actor(request), request.body), requestLanguage(request)),
    }),
  );

  app.post(
    '/tickets/mark-used',
    {
      onRequest: gateOnly,
      config: perChecker(SCANS_PER_MINUTE),
      schema: {
        tags: ['check-in'],
        body: scanRequestSchema,
        response: { 200: admittedResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ticket: toTicketJson(await markUsed(app.ctx, actor(request), request.body), requestLanguage(request)),
      message: CHECKIN_MESSAGES.admitted,
    }),
  );

  app.post(
    '/tickets/mark-exit',
    {
      onRequest: gateOnly,
      config: perChecker(SCANS_PER_MINUTE),
      schema: {
        tags: ['check-in'],
        body: scanRequestSchema,
        response: { 200: exitedResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ticket: toTicketJson(await markExit(app.ctx, actor(request), request.body), requestLanguage(request)),
      message: CHECKIN_MESSAGES.exited,
    }),
  );

  app.post(
    '/tickets/checkin/heartbeat',
    {
      onRequest: gateOnly,
      config: perChecker(HEARTBEATS_PER_MINUTE),
      schema: {
        tags: ['check-in'],
        body: heartbeatRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await recordHeartbeat(app.ctx, actor(request), request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/tickets/checkin/search',
    {
      onRequest: gateOnly,
      config: perChecker(SEARCHES_PER_MINUTE),
      schema: {
        tags: ['check-in'],
        querystring: gateSearchQuerySchema,
        response: { 200: gateSearchResponseSchema },
      },
    },
    async (request, reply) => {
      // Names and emails: never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        ...(await searchAtGate(app.ctx, actor(request), request.query.q, requestLanguage(request))),
      };
    },
  );

  app.post(
    '/tickets/checkin/admit',
    {
      onRequest: gateOnly,
      config: perChecker(SEARCHES_PER_MINUTE),
      schema: {
        tags: ['check-in'],
        body: gateAdmitRequestSchema,
        response: { 200: admittedResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ticket: toTicketJson(await admitFound(app.ctx, actor(request), request.body), requestLanguage(request)),
      message: CHECKIN_MESSAGES.admitted,
    }),
  );

  // Taking back this volunteer's admission of a moment ago (undo.ts): as often as admissions from a search.
  app.post(
    '/tickets/checkin/undo',
    {
      onRequest: gateOnly,
      config: perChecker(SEARCHES_PER_MINUTE),
      schema: {
        tags: ['check-in'],
        body: gateUndoRequestSchema,
        response: { 200: undoneResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ticket: toTicketJson(
        await undoAdmission(app.ctx, actor(request), request.body),
        requestLanguage(request),
      ),
      message: UNDO_MESSAGES.undone,
    }),
  );

  app.get(
    '/tickets/checkin/snapshot',
    {
      onRequest: gateOnly,
      config: perChecker(SYNCS_PER_MINUTE),
      schema: { tags: ['check-in'], response: { 200: checkinSnapshotResponseSchema } },
    },
    async (request) =>
      toSnapshotJson(await checkinSnapshot(app.ctx, actor(request)), requestLanguage(request)),
  );

  app.post(
    '/tickets/checkin/sync',
    {
      onRequest: gateOnly,
      config: perChecker(SYNCS_PER_MINUTE),
      schema: {
        tags: ['check-in'],
        body: syncRequestSchema,
        response: { 200: syncResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await syncAdmissions(app.ctx, actor(request), request.body)),
    }),
  );
};

export default checkinRoutes;
