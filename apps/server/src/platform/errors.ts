import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldError } from '@utsav/domain/errors';
import { EVENT_MESSAGES, fieldErrors } from '@utsav/domain/event-schema';
import type { z } from 'zod';

/** Thrown by services; the one error handler turns it into the envelope with ERROR_CODES' status. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
  }

  get statusCode(): number {
    return ERROR_CODES[this.code];
  }

  toBody(): ErrorBody {
    return {
      success: false,
      error: this.message,
      code: this.code,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

/** 400 with one entry per field; the headline is the only message, or the form's generic one when several. */
export function validationError(details: FieldError[]): AppError {
  const headline = details.length === 1 && details[0] ? details[0].message : EVENT_MESSAGES.fixErrorsShort;
  return new AppError('VALIDATION_FAILED', headline, details);
}

export function fromZodError(error: z.ZodError): AppError {
  return validationError(fieldErrors(error));
}
