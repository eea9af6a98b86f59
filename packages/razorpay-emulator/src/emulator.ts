import { createHmac } from 'node:crypto';
import type {
  Card,
  Collection,
  EventName,
  EventPayload,
  Order,
  Payment,
  PaymentMethod,
  Refund,
} from './entities';
import { inputError, notFound, stateError } from './errors';
import {
  asObject,
  clone,
  collection,
  digits,
  MIN_AMOUNT,
  newId,
  nowSeconds,
  optionalString,
  parseNotes,
  requireAmount,
  safeNotes,
} from './input';
import { RefundDesk } from './refunds';

export { newId };

// A local stand-in for Razorpay's servers: all state lives in these Maps and is lost on restart. That is
// fine for local runs and tests — the app keeps its own records and reconciles through the same API it
// uses against the real service.

const TEST_VPA = 'success@razorpay';
const TEST_CARD_LAST4 = '1111';

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
  /** How long a refund stays pending; null: until settleRefunds() (a test settles refunds when it chooses). */
  refundDelayMs: number | null;
  captureMode: 'automatic' | 'manual';
  emit: (event: EventName, payload: EventPayload) => void;
}

interface OrderRecord {
  order: Order;
  capture: 'automatic' | 'manual';
  paymentIds: string[];
}

export class Emulator {
  private readonly orders = new Map<string, OrderRecord>();
  private readonly payments = new Map<string, Payment>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private readonly refundDesk: RefundDesk;

  constructor(private readonly config: EmulatorConfig) {
    this.refundDesk = new RefundDesk(
      config,
      (id) => this.payment(id),
      this.payments,
      (delayMs, task) => this.later(delayMs, task),
    );
  }

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

  // ---- refunds (refunds.ts)

  createRefund(paymentId: string, body: unknown, idempotencyKey: string | undefined): Refund {
    return this.refundDesk.create(paymentId, body, idempotencyKey);
  }

  fetchRefund(id: string): Refund {
    return this.refundDesk.fetch(id);
  }

  fetchPaymentRefunds(paymentId: string): Collection<Refund> {
    return this.refundDesk.fetchForPayment(paymentId);
  }

  failNextRefunds(count: number): void {
    this.refundDesk.failNext(count);
  }

  /** Settles every pending refund now, as its delay running out would (refundDelayMs null); how many. */
  settleRefunds(): number {
    return this.refundDesk.settlePending();
  }

  // ---- test support

  snapshot() {
    return {
      orders: [...this.orders.values()].map((record) => clone(record.order)),
      payments: [...this.payments.values()].map(clone),
      refunds: [...this.refundDesk.refunds.values()].map(clone),
      refundFailuresToForce: this.refundDesk.refundFailuresToForce,
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

  private later(delayMs: number, task: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
