// Razorpay answers every failure with the same envelope:
// { error: { code, description, source, step, reason, metadata, field? } }.

export type RazorpayErrorCode = 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR';

export interface RazorpayErrorBody {
  error: {
    code: RazorpayErrorCode;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, unknown>;
    field?: string;
  };
}

export class RazorpayApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: RazorpayErrorCode,
    readonly description: string,
    readonly details: {
      field?: string;
      source?: string;
      step?: string;
      reason?: string;
      metadata?: Record<string, unknown>;
    } = {},
  ) {
    super(description);
    this.name = 'RazorpayApiError';
  }

  toBody(): RazorpayErrorBody {
    return {
      error: {
        code: this.code,
        description: this.description,
        source: this.details.source ?? 'NA',
        step: this.details.step ?? 'NA',
        reason: this.details.reason ?? 'NA',
        metadata: this.details.metadata ?? {},
        ...(this.details.field ? { field: this.details.field } : {}),
      },
    };
  }
}

/** A request the real API would reject with 400 while validating input. */
export function inputError(description: string, field?: string): RazorpayApiError {
  return new RazorpayApiError(400, 'BAD_REQUEST_ERROR', description, {
    field,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
  });
}

/** A request that is well formed but not allowed in the entity's current state. */
export function stateError(description: string, field?: string): RazorpayApiError {
  return new RazorpayApiError(400, 'BAD_REQUEST_ERROR', description, { field });
}

export function notFound(): RazorpayApiError {
  return new RazorpayApiError(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
}

export function unauthorized(description: string): RazorpayApiError {
  return new RazorpayApiError(401, 'BAD_REQUEST_ERROR', description);
}
