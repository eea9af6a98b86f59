import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldError } from '@utsav/domain/errors';
import { EVENT_MESSAGES, fieldErrors } from '@utsav/domain/event-schema';
import type { Language } from '@utsav/domain/languages';
import type { z } from 'zod';
import { type Message, msg, renderMessage } from './i18n/messages';
import { numberedSentence } from './numbered-sentences';

/** A field's message as a service writes it: a sentence, or a template with values (msg()). */
export interface FieldErrorDraft {
  field: string;
  message: string | Message;
}

/** Thrown by services; the one error handler turns it into the envelope with ERROR_CODES' status. */
export class AppError extends Error {
  override name = 'AppError';
  /** What the reader is told, put in their language when sent; `message` is its English (for logs). */
  readonly text: string | Message;
  /** The server's figures sent with the refusal (PRICE_CHANGED of an order of items: lines, discount, total). */
  figures?: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string | Message,
    readonly details?: readonly FieldErrorDraft[],
  ) {
    super(renderMessage(message, 'en'));
    this.text = message;
  }

  get statusCode(): number {
    return ERROR_CODES[this.code];
  }

  /** The envelope, in the reader's language; `code` and `details[].field` are never translated. */
  toBody(language: Language = 'en'): ErrorBody {
    const details = this.details?.map(
      (detail): FieldError => ({ field: detail.field, message: renderMessage(detail.message, language) }),
    );
    return {
      success: false,
      error: renderMessage(this.text, language),
      code: this.code,
      errorType: this.code,
      ...(details ? { details } : {}),
      ...(this.figures ? { figures: this.figures } : {}),
    };
  }
}

/** 400 with one entry per field; the headline is the only message, or the form's generic one when several. */
export function validationError(details: readonly FieldErrorDraft[]): AppError {
  const headline = details.length === 1 && details[0] ? details[0].message : EVENT_MESSAGES.fixErrorsShort;
  return new AppError('VALIDATION_FAILED', headline, details);
}

/** A schema's refusal, per field; a template message gets the limit its issue names ({{max}}). */
export function fromZodError(error: z.ZodError): AppError {
  return validationError(
    fieldErrors(error).map(({ field, message, params }) => ({
      field,
      message: params ? msg(message, params) : numberedSentence(message),
    })),
  );
}
