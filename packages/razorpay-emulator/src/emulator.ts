import { createHash, createHmac, randomInt } from 'node:crypto';
import type {
  Card,
  Collection,
  EventName,
  EventPayload,
  Notes,
  Order,
  Payment,
  PaymentMethod,
  Refund,
} from './entities';
import { inputError, notFound, stateError } from './errors';

// A local stand-in for Razorpay's servers: all state lives in these Maps and is lost on restart. That is
// fine for local runs and tests — the app keeps its own records and reconciles through the same API it
// uses against the real service.

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const MIN_AMOUNT = 100;
const MAX_NOTES = 15;
const TEST_VPA = 'success@razorpay';
const TEST_CARD_LAST4 = '1111';

export function newId(prefix: string): string {
  let suffix = '';
  for (let i = 0; i < 14; i++) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${suffix}`;
}

function digits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface PayInput {
  method?: PaymentMethod;
  email?: string;
  contact?: string;
  description?: string;
  notes?: unknown;
}

export interface CheckoutResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface PaymentFailure {
  error: {
    code: 'BAD_REQUEST_ERROR';
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

export interface EmulatorConfig {
  keySecret: string;
  refundDelayMs: number;
  captureMode: 'automatic' | 'manual';
  emit: (event: EventName, payload: EventPayload) => void;
}

interface OrderRecord {
  order: Order;
  capture: 'automatic' | 'manual';
  paymentIds: string[];
}

interface IdempotentRefund {
  fingerprint: string;
  refundId: string;
}

export class Emulator {
  private readonly orders = new Map<string, OrderRecord>();
  private readonly payments = new Map<string, Payment>();
  private readonly refunds = new Map<string, Refund>();
  private readonly refundIdsByPayment = new Map<string, string[]>();
  private readonly idempotentRefunds = new Map<string, IdempotentRefund>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private refundFailuresToForce = 0;

  constructor(private readonly config: EmulatorConfig) {}

  // ---- orders

  createOrder(body: unknown): Order {
    const input = asObject(body);
    const amount = requireAmount(input.amount, 'amount');
    if (amount < MIN_AMOUNT) throw inputError('The amount must be at least INR 1.00', 'amount');
    if (input.currency === undefined || input.currency === null || input.currency === '') {
      throw inputError('The currency field is required.', 'currency');
    }
    if (typeof input.currency !== 'string' || input.currency.length !== 3) {
      throw inputError('The currency must be 3 characters.', 'currency');
    }
    if (input.currency !== 'INR') throw inputError('Currency is not supported', 'currency');
    const receipt = optionalString(input.receipt, 'receipt', 40);
    const notes = parseNotes(input.notes);
    if (input.partial_payment !== undefined && typeof input.partial_payment !== 'boolean') {
      throw inputError('The partial payment field must be true or false.', 'partial_payment');
    }

    const order: Order = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: input.currency,
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes,
      created_at: nowSeconds(),
    };
    this.orders.set(order.id, { order, capture: this.captureModeOf(input), paymentIds: [] });
    return clone(order);
  }

  fetchOrder(id: string): Order {
    return clone(this.orderRecord(id).order);
  }

  fetchOrderPayments(id: string): Collection<Payment> {
    const record = this.orderRecord(id);
    return collection(record.paymentIds.map((paymentId) => this.payments.get(paymentId)!).reverse());
  }

  // ---- payments

  fetchPayment(id: string): Payment {
    return clone(this.payment(id));
  }

  /** What a buyer completing checkout causes: a payment authorised and, with auto-capture, captured. */
  pay(orderId: string, input: PayInput = {}): CheckoutResponse {
    const record = this.payableOrder(orderId);
    const payment = this.newPayment(record, input);
    payment.status = 'authorized';
    payment.acquirer_data =
      payment.method === 'upi'
        ? { rrn: digits(12), upi_transaction_id: digits(12) }
        : { auth_code: digits(6) };
    if (record.capture === 'automatic') {
      this.capture(payment, record);
    } else {
      this.config.emit('payment.authorized', { payment: clone(payment) });
    }
    return {
      razorpay_order_id: orderId,
      razorpay_payment_id: payment.id,
      razorpay_signature: createHmac('sha256', this.config.keySecret)
        .update(`${orderId}|${payment.id}`)
        .digest('hex'),
    };
  }

  /** A buyer's attempt the bank declines: the order becomes `attempted` and a failed payment is kept. */
  fail(orderId: string, input: PayInput = {}): PaymentFailure {
    const record = this.payableOrder(orderId);
    const payment = this.newPayment(record, input);
    const source = payment.method === 'upi' ? 'customer' : 'bank';
    const step = 'payment_authorization';
    Object.assign(payment, {
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
      error_source: source,
      error_step: step,
      error_reason: 'payment_failed',
    } satisfies Partial<Payment>);
    this.config.emit('payment.failed', { payment: clone(payment) });
    return {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source,
        step,
        reason: 'payment_failed',
        metadata: { order_id: orderId, payment_id: payment.id },
      },
    };
  }

  capturePayment(id: string, body: unknown): Payment {
    const payment = this.payment(id);
    const input = asObject(body);
    const amount = requireAmount(input.amount, 'amount');
    if (input.currency === undefined) throw inputError('The currency field is required.', 'currency');
    if (payment.status === 'captured' || payment.status === 'refunded') {
      throw stateError('This payment has already been captured');
    }
    if (payment.status !== 'authorized') {
      throw stateError('Only payments which have been authorized and not yet captured can be captured');
    }
    if (amount !== payment.amount) {
      throw inputError('Capture amount must be equal to the amount authorized', 'amount');
    }
    if (input.currency !== payment.currency) {
      throw inputError('Capture currency must be the same as the payment currency', 'currency');
    }
    this.capture(payment, this.orderRecord(payment.order_id));
    return clone(payment);
  }

  // ---- refunds

  createRefund(paymentId: string, body: unknown, idempotencyKey: string | undefined): Refund {
    const payment = this.payment(paymentId);
    const input = asObject(body);

    let idempotencySlot: string | undefined;
    if (idempotencyKey !== undefined) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) {
        throw inputError(
          'The X-Refund-Idempotency header must be at least 10 characters of letters, digits, _ or -.',
        );
      }
      idempotencySlot = `${paymentId}:${idempotencyKey}`;
      const fingerprint = fingerprintOf(input);
      const earlier = this.idempotentRefunds.get(idempotencySlot);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw inputError('The request body differs from the earlier request with this idempotency key.');
        }
        return clone(this.refunds.get(earlier.refundId)!);
      }
    }

    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      throw stateError('Only captured payments can be refunded', 'payment_id');
    }
    const remaining = payment.amount - payment.amount_refunded;
    if (remaining <= 0) throw stateError('The payment has been fully refunded already.');
    const amount = input.amount === undefined ? remaining : requireAmount(input.amount, 'amount');
    if (amount < MIN_AMOUNT) throw inputError('The amount must be at least INR 1.00', 'amount');
    if (amount > remaining) {
      throw inputError('The refund amount provided is greater than amount captured.', 'amount');
    }
    const speed = input.speed ?? 'normal';
    if (speed !== 'normal' && speed !== 'optimum')
      throw inputError('The selected speed is invalid.', 'speed');

    const refund: Refund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: parseNotes(input.notes),
      receipt: optionalString(input.receipt, 'receipt', 40),
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: 'pending',
      speed_processed: null,
      speed_requested: speed,
    };
    this.refunds.set(refund.id, refund);
    this.refundIdsByPayment.set(payment.id, [...(this.refundIdsByPayment.get(payment.id) ?? []), refund.id]);
    if (idempotencySlot) {
      this.idempotentRefunds.set(idempotencySlot, { fingerprint: fingerprintOf(input), refundId: refund.id });
    }
    // The money is set aside when the refund is created, so a second refund cannot overdraw the payment.
    this.adjustRefunded(payment, amount);
    this.config.emit('refund.created', { refund: clone(refund), payment: clone(payment) });

    const willFail = this.refundFailuresToForce > 0;
    if (willFail) this.refundFailuresToForce--;
    this.later(this.config.refundDelayMs, () => this.settleRefund(refund.id, willFail));
    return clone(refund);
  }

  fetchRefund(id: string): Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw notFound();
    return clone(refund);
  }

  fetchPaymentRefunds(paymentId: string): Collection<Refund> {
    this.payment(paymentId);
    const ids = this.refundIdsByPayment.get(paymentId) ?? [];
    return collection(ids.map((id) => this.refunds.get(id)!).reverse());
  }

  failNextRefunds(count: number): void {
    this.refundFailuresToForce += count;
  }

  // ---- test support

  snapshot() {
    return {
      orders: [...this.orders.values()].map((record) => clone(record.order)),
      payments: [...this.payments.values()].map(clone),
      refunds: [...this.refunds.values()].map(clone),
      refundFailuresToForce: this.refundFailuresToForce,
    };
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  // ---- internals

  private captureModeOf(input: Record<string, unknown>): 'automatic' | 'manual' {
    const payment = input.payment;
    if (payment && typeof payment === 'object' && 'capture' in payment) {
      const capture = (payment as { capture: unknown }).capture;
      if (capture === 'automatic' || capture === 'manual') return capture;
      throw inputError('The payment.capture field must be automatic or manual.', 'payment.capture');
    }
    if (input.payment_capture !== undefined) {
      const value = input.payment_capture;
      if (value === true || value === 1 || value === '1') return 'automatic';
      if (value === false || value === 0 || value === '0') return 'manual';
      throw inputError('The payment capture field must be true or false.', 'payment_capture');
    }
    return this.config.captureMode;
  }

  private orderRecord(id: string): OrderRecord {
    const record = this.orders.get(id);
    if (!record) throw notFound();
    return record;
  }

  private payment(id: string): Payment {
    const payment = this.payments.get(id);
    if (!payment) throw notFound();
    return payment;
  }

  private payableOrder(orderId: string): OrderRecord {
    if (typeof orderId !== 'string' || orderId === '') {
      throw inputError('The order_id field is required.', 'order_id');
    }
    const record = this.orderRecord(orderId);
    if (record.order.status === 'paid') throw stateError('Order has already been paid', 'order_id');
    return record;
  }

  private newPayment(record: OrderRecord, input: PayInput): Payment {
    const { order } = record;
    const method: PaymentMethod = input.method === 'card' ? 'card' : 'upi';
    const card: Card | undefined =
      method === 'card'
        ? {
            id: newId('card'),
            entity: 'card',
            name: '',
            last4: TEST_CARD_LAST4,
            network: 'Visa',
            type: 'credit',
            issuer: null,
            international: false,
            emi: false,
            sub_type: 'consumer',
            token_iin: null,
          }
        : undefined;
    const payment: Payment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'created',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: input.description ?? null,
      card_id: card?.id ?? null,
      ...(card ? { card } : {}),
      bank: null,
      wallet: null,
      vpa: method === 'upi' ? TEST_VPA : null,
      ...(method === 'upi' ? { upi: { vpa: TEST_VPA, payer_account_type: 'bank_account' } } : {}),
      email: input.email || 'void@razorpay.com',
      contact: input.contact || '+919000090000',
      notes: safeNotes(input.notes),
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: {},
      created_at: nowSeconds(),
    };
    this.payments.set(payment.id, payment);
    record.paymentIds.push(payment.id);
    order.attempts++;
    order.status = 'attempted';
    return payment;
  }

  private capture(payment: Payment, record: OrderRecord): void {
    payment.status = 'captured';
    payment.captured = true;
    // Razorpay's standard plan: 2% plus 18% GST on the fee.
    payment.fee = Math.round(payment.amount * 0.0236);
    payment.tax = Math.round((payment.fee * 18) / 118);
    const { order } = record;
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    this.config.emit('payment.captured', { payment: clone(payment) });
    this.config.emit('order.paid', { payment: clone(payment), order: clone(order) });
  }

  private settleRefund(refundId: string, fail: boolean): void {
    const refund = this.refunds.get(refundId);
    if (refund?.status !== 'pending') return;
    const payment = this.payments.get(refund.payment_id)!;
    if (fail) {
      refund.status = 'failed';
      // A failed refund hands the money back to the merchant's balance: it may be refunded again.
      this.adjustRefunded(payment, -refund.amount);
      this.config.emit('refund.failed', { refund: clone(refund), payment: clone(payment) });
    } else {
      refund.status = 'processed';
      refund.speed_processed = 'normal';
      refund.acquirer_data = { arn: digits(14) };
      this.config.emit('refund.processed', { refund: clone(refund), payment: clone(payment) });
    }
  }

  private adjustRefunded(payment: Payment, delta: number): void {
    payment.amount_refunded += delta;
    if (payment.amount_refunded <= 0) {
      payment.amount_refunded = 0;
      payment.refund_status = null;
      payment.status = 'captured';
    } else if (payment.amount_refunded >= payment.amount) {
      payment.refund_status = 'full';
      payment.status = 'refunded';
    } else {
      payment.refund_status = 'partial';
      payment.status = 'captured';
    }
  }

  private later(delayMs: number, task: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}

// ---- input helpers (Razorpay validates loosely typed JSON and form bodies alike)

function asObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw inputError('The request body must be an object.');
  return body as Record<string, unknown>;
}

function requireAmount(value: unknown, field: string): number {
  if (value === undefined || value === null || value === '') {
    throw inputError(`The ${field} field is required.`, field);
  }
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw inputError(`The ${field} must be an integer.`, field);
  }
  return amount;
}

function optionalString(value: unknown, field: string, maxLength: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw inputError(`The ${field} must be a string.`, field);
  if (value.length > maxLength) {
    throw inputError(`The ${field} may not be greater than ${maxLength} characters.`, field);
  }
  return value;
}

function parseNotes(value: unknown): Notes {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.length === 0) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw inputError('The notes field must be an object.', 'notes');
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_NOTES) {
    throw inputError('Number of notes exceeds the maximum limit of 15', 'notes');
  }
  const notes: Record<string, string | number> = {};
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number') {
      throw inputError('The notes values must be strings or numbers.', 'notes');
    }
    if (String(note).length > 256) {
      throw inputError('The notes values may not be greater than 256 characters.', 'notes');
    }
    notes[key] = note;
  }
  return entries.length === 0 ? [] : notes;
}

/** Checkout passes whatever the page gave it; bad notes there must not break a payment. */
function safeNotes(value: unknown): Notes {
  try {
    return parseNotes(value);
  } catch {
    return [];
  }
}

function fingerprintOf(input: Record<string, unknown>): string {
  const canonical = JSON.stringify(input, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

function collection<T>(items: T[]): Collection<T> {
  return { entity: 'collection', count: items.length, items: items.map(clone) };
}

function clone<T>(value: T): T {
  return structuredClone(value);
}
