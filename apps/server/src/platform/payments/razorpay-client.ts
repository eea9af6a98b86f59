// A small typed client for the parts of Razorpay's v1 REST API we use. The same code talks to
// https://api.razorpay.com/v1 and to the local emulator; only baseUrl and keys differ.

import { fetchTransport, type HttpTransport, keepAliveTransport } from './http-transport';

export const RAZORPAY_API_URL = 'https://api.razorpay.com/v1';

/** Razorpay serialises empty notes as `[]`. */
export type RazorpayNotes = Record<string, string | number> | [];

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: RazorpayNotes;
  created_at: number;
}

export type RazorpayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: RazorpayPaymentStatus;
  order_id: string | null;
  invoice_id: string | null;
  international: boolean;
  method: 'card' | 'netbanking' | 'wallet' | 'emi' | 'upi' | (string & {});
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card?: { id: string; last4: string; network: string; type: string; issuer: string | null } | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: RazorpayNotes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data?: Record<string, string | null>;
  created_at: number;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: RazorpayNotes;
  receipt: string | null;
  acquirer_data: { arn?: string | null; [key: string]: string | null | undefined };
  created_at: number;
  batch_id: string | null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: string | null;
  speed_requested: 'normal' | 'optimum';
}

export interface RazorpayCollection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

export type RazorpayWebhookEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'refund.failed';

/**
 * Body of a webhook POST. Parse it only after verifying the signature over the raw bytes; payloads are
 * snapshots taken when the event happened, and events may arrive late, twice or out of order.
 */
export interface RazorpayWebhookEvent {
  entity: 'event';
  account_id: string;
  event: RazorpayWebhookEventName | (string & {});
  contains: string[];
  payload: {
    payment?: { entity: RazorpayPayment };
    order?: { entity: RazorpayOrder };
    refund?: { entity: RazorpayRefund };
  };
  created_at: number;
}

export interface CreateOrderInput {
  /** Paise, at least 100. */
  amount: number;
  currency: string;
  /** ≤ 40 characters; our own order reference. */
  receipt: string;
  notes?: Record<string, string | number>;
  /** Overrides the dashboard's capture setting; omit to keep it (auto-capture by default). */
  payment_capture?: boolean;
}

export interface CreateRefundInput {
  /** Paise; omitted = everything not yet refunded. */
  amount?: number;
  speed?: 'normal' | 'optimum';
  notes?: Record<string, string | number>;
  receipt?: string;
}

export type RazorpayErrorCode = 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR' | 'NETWORK_ERROR';

export class RazorpayError extends Error {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly code: RazorpayErrorCode | (string & {});
  readonly description: string;
  readonly field: string | undefined;
  readonly source: string | undefined;
  readonly step: string | undefined;
  readonly reason: string | undefined;
  readonly metadata: Record<string, unknown> | undefined;
  /**
   * True when the same call may succeed later. A NETWORK_ERROR on a POST is ambiguous: the order or refund
   * may exist already — refunds are safe to retry with the same idempotency key; for orders, look first.
   */
  readonly retryable: boolean;

  constructor(details: {
    status: number;
    code: RazorpayErrorCode | (string & {});
    description: string;
    field?: string;
    source?: string;
    step?: string;
    reason?: string;
    metadata?: Record<string, unknown>;
    retryable: boolean;
    cause?: unknown;
  }) {
    super(`Razorpay ${details.code}: ${details.description}`, { cause: details.cause });
    this.name = 'RazorpayError';
    this.status = details.status;
    this.code = details.code;
    this.description = details.description;
    this.field = details.field;
    this.source = details.source;
    this.step = details.step;
    this.reason = details.reason;
    this.metadata = details.metadata;
    this.retryable = details.retryable;
  }
}

export interface RazorpayClientOptions {
  /** Default https://api.razorpay.com/v1; the emulator's is <origin>/razorpay-emulator/v1. */
  baseUrl?: string;
  keyId: string;
  keySecret: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  /** Sends through this fetch instead of the client's own keep-alive undici agent (http-transport.ts). */
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST';

export class RazorpayClient {
  readonly keyId: string;
  private readonly baseUrl: string;
  private readonly authorization: string;
  private readonly timeoutMs: number;
  private readonly send: HttpTransport;

  constructor(options: RazorpayClientOptions) {
    this.keyId = options.keyId;
    this.baseUrl = (options.baseUrl ?? RAZORPAY_API_URL).replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.send = options.fetch ? fetchTransport(options.fetch) : keepAliveTransport();
  }

  async createOrder(input: CreateOrderInput): Promise<RazorpayOrder> {
    return this.request('POST', '/orders', input);
  }

  async fetchOrder(orderId: string): Promise<RazorpayOrder> {
    return this.request('GET', `/orders/${segment(orderId)}`);
  }

  /** Every attempt at paying the order (authorized, captured and failed ones). */
  async fetchOrderPayments(orderId: string): Promise<RazorpayCollection<RazorpayPayment>> {
    return this.request('GET', `/orders/${segment(orderId)}/payments`);
  }

  async fetchPayment(paymentId: string): Promise<RazorpayPayment> {
    return this.request('GET', `/payments/${segment(paymentId)}`);
  }

  /** Only for payments still `authorized`; the amount must equal the authorized amount. */
  async capturePayment(paymentId: string, amount: number, currency: string): Promise<RazorpayPayment> {
    return this.request('POST', `/payments/${segment(paymentId)}/capture`, { amount, currency });
  }

  /**
   * `idempotencyKey` (≥ 10 of [A-Za-z0-9_-]) makes a retry after a timeout return the same refund instead
   * of refunding twice. Use one key per refund attempt (e.g. our refund id + attempt number): a retry of a
   * refund that failed at Razorpay needs a new key, and the same key with a different body is refused.
   */
  async createRefund(
    paymentId: string,
    input: CreateRefundInput,
    idempotencyKey: string,
  ): Promise<RazorpayRefund> {
    return this.request('POST', `/payments/${segment(paymentId)}/refund`, input, {
      'x-refund-idempotency': idempotencyKey,
    });
  }

  async fetchRefund(refundId: string): Promise<RazorpayRefund> {
    return this.request('GET', `/refunds/${segment(refundId)}`);
  }

  async fetchPaymentRefunds(paymentId: string): Promise<RazorpayCollection<RazorpayRefund>> {
    return this.request('GET', `/payments/${segment(paymentId)}/refunds`);
  }

  private async request<T>(
    method: Method,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    let status = 0;
    let text: string;
    try {
      const answer = await this.send(
        method,
        `${this.baseUrl}${path}`,
        {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...extraHeaders,
        },
        body === undefined ? undefined : JSON.stringify(body),
        this.timeoutMs,
      );
      status = answer.status;
      text = answer.text;
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new RazorpayError({
        status,
        code: 'NETWORK_ERROR',
        description: timedOut
          ? `No answer from Razorpay within ${this.timeoutMs} ms (${method} ${path})`
          : `Could not reach Razorpay (${method} ${path}): ${error instanceof Error ? error.message : String(error)}`,
        retryable: true,
        cause: error,
      });
    }

    const data = parseJson(text);
    if (status < 200 || status >= 300) throw errorFromResponse(status, data, text);
    if (data === undefined || typeof data !== 'object' || data === null) {
      throw new RazorpayError({
        status,
        code: 'SERVER_ERROR',
        description: `Razorpay answered ${method} ${path} with something that is not a JSON object`,
        retryable: true,
      });
    }
    return data as T;
  }
}

function segment(id: string): string {
  if (!id) throw new TypeError('A Razorpay id is required');
  return encodeURIComponent(id);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function errorFromResponse(status: number, data: unknown, text: string): RazorpayError {
  const error = (data as { error?: Record<string, unknown> } | undefined)?.error;
  const str = (value: unknown) =>
    typeof value === 'string' && value !== '' && value !== 'NA' ? value : undefined;
  return new RazorpayError({
    status,
    code: str(error?.code) ?? (status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR'),
    description: str(error?.description) ?? (text.slice(0, 200) || `HTTP ${status}`),
    field: str(error?.field),
    source: str(error?.source),
    step: str(error?.step),
    reason: str(error?.reason),
    metadata:
      error?.metadata && typeof error.metadata === 'object'
        ? (error.metadata as Record<string, unknown>)
        : undefined,
    // 409: a refund with this idempotency key is still being processed; 429: rate limited.
    retryable: status >= 500 || status === 429 || status === 409,
  });
}
