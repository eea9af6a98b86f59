import type { FieldError } from '@utsav/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, validationError } from './errors';

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

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(
      dedupe(
        error.validation.map((issue) => ({
          field: fieldOf(issue.instancePath),
          message: issue.message || 'Invalid value',
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
  const status = fastifyError.statusCode ?? 500;
  const friendly = FRIENDLY[status];
  if (friendly) return friendly;
  if (status >= 400 && status < 500)
    return new AppError('BAD_REQUEST', fastifyError.message || 'Bad request');
  if (status === 503)
    return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again.');
  return new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
}

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

function dedupe(details: FieldError[]): FieldError[] {
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
    return reply.status(appError.statusCode).type('application/json').send(appError.toBody());
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  return reply.status(404).send(new AppError('NOT_FOUND', `Not found: ${request.method} ${path}`).toBody());
}
