import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { issueParams } from '@utsav/domain/event-schema';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldErrorDraft } from './errors';
import { AppError, validationError } from './errors';
import { type Message, msg } from './i18n/messages';
import { requestLanguage } from './i18n/request-language';
import { numberedSentence } from './numbered-sentences';

// The single place where anything thrown becomes HTTP: the envelope, never a stack trace.

const FRIENDLY: Record<number, AppError> = {
  413: new AppError('PAYLOAD_TOO_LARGE', 'The request is too large. Images must be smaller than 5MB.'),
  415: new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Please send the request body as JSON (Content-Type: application/json).',
  ),
  429: new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.'),
  404: new AppError('NOT_FOUND', 'Not found'),
};

// 22021 invalid byte sequence (a NUL), 22P05 untranslatable character, 54000 program limit (index row size).
const DATABASE_INPUT_ERRORS = new Set(['22021', '22P05', '54000']);

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(
      dedupe(
        error.validation.map((issue) => ({
          field: fieldOf(issue.instancePath),
          message: limitMessage(issue.message || 'Invalid value', issue.params),
        })),
      ),
    );
  }
  if (Array.isArray(fastifyError.validation)) {
    return validationError(
      dedupe(
        fastifyError.validation.map((issue) => ({
          field: fieldOf(issue.instancePath),
          message: issue.message || 'Invalid value',
        })),
      ),
    );
  }
  // PostgreSQL refusing a value as such (a character it cannot store, an index entry too large): the input is
  // at fault, not the server. Normally caught earlier (input-guard.ts, schema limits); this is the backstop.
  if (typeof fastifyError.code === 'string' && DATABASE_INPUT_ERRORS.has(fastifyError.code))
    return new AppError('BAD_REQUEST', 'The request contains text that cannot be stored.');
  const status = fastifyError.statusCode ?? 500;
  const friendly = FRIENDLY[status];
  if (friendly) return friendly;
  if (status >= 400 && status < 500)
    return new AppError('BAD_REQUEST', fastifyError.message || 'Bad request');
  if (status === 503)
    return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again.');
  return new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
}

/** A template message ("Must be at most {{max}} characters") with the limit its zod issue carries. */
function limitMessage(message: string, params: unknown): string | Message {
  const values = issueParams(message, (params ?? {}) as { maximum?: unknown; minimum?: unknown });
  return values ? msg(message, values) : numberedSentence(message);
}

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

function dedupe(details: FieldErrorDraft[]): FieldErrorDraft[] {
  const seen = new Set<string>();
  return details.filter((detail) => !seen.has(detail.field) && seen.add(detail.field));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else
      request.log.info(
        { code: appError.code, err: error instanceof AppError ? undefined : error },
        appError.message,
      );
    return reply
      .status(appError.statusCode)
      .type('application/json')
      .send(appError.toBody(requestLanguage(request)));
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  return reply
    .status(404)
    .send(
      new AppError(
        'NOT_FOUND',
        msg('Not found: {{method}} {{path}}', { method: request.method, path: path ?? '' }),
      ).toBody(requestLanguage(request)),
    );
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request address or headers are too long.' },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request took too long to arrive. Please try again.',
  },
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over 16 KB, malformed HTTP)
 * still get the envelope; Fastify's default answers with a shape of its own.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || { status: 400, message: 'Malformed request.' };
  const body = JSON.stringify(new AppError('BAD_REQUEST', known.message).toBody());
  socket.end(
    `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status] ?? 'Bad Request'}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Errors Fastify raises before routing (a malformed percent-encoding in the path): the envelope too. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'malformed request address');
  void reply
    .status(400)
    .type('application/json')
    .send(new AppError('BAD_REQUEST', 'The address is not valid.').toBody(requestLanguage(request)));
}
