import type { EmulatorConfig } from './emulator';
import type { Collection, Payment, Refund } from './entities';
import { inputError, notFound, stateError } from './errors';
import {
  asObject,
  clone,
  collection,
  digits,
  fingerprintOf,
  MIN_AMOUNT,
  newId,
  nowSeconds,
  optionalString,
  parseNotes,
  requireAmount,
} from './input';

// Refunds as Razorpay keeps them: the money set aside on creation, settled (processed or failed) later,
// idempotent by the X-Refund-Idempotency header, and failures forced on demand for tests. "Later" is after
// refundDelayMs, or (refundDelayMs null) when a test settles them: whatever a test asserts about a refund on its
// way then never depends on how fast the machine answered before the delay ran out.

interface IdempotentRefund {
  fingerprint: string;
  refundId: string;
}

export class RefundDesk {
  readonly refunds = new Map<string, Refund>();
  private readonly refundIdsByPayment = new Map<string, string[]>();
  private readonly idempotentRefunds = new Map<string, IdempotentRefund>();
  refundFailuresToForce = 0;
  /** With no delay: the refunds waiting to be settled, in creation order, and whether each will fail. */
  private readonly unsettled = new Map<string, boolean>();

  constructor(
    private readonly config: EmulatorConfig,
    private readonly payment: (id: string) => Payment,
    private readonly payments: Map<string, Payment>,
    private readonly later: (delayMs: number, task: () => void) => void,
  ) {}

  create(paymentId: string, body: unknown, idempotencyKey: string | undefined): Refund {
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
    if (this.config.refundDelayMs === null) this.unsettled.set(refund.id, willFail);
    else this.later(this.config.refundDelayMs, () => this.settle(refund.id, willFail));
    return clone(refund);
  }

  fetch(id: string): Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw notFound();
    return clone(refund);
  }

  fetchForPayment(paymentId: string): Collection<Refund> {
    this.payment(paymentId);
    const ids = this.refundIdsByPayment.get(paymentId) ?? [];
    return collection(ids.map((id) => this.refunds.get(id)!).reverse());
  }

  failNext(count: number): void {
    this.refundFailuresToForce += count;
  }

  settlePending(): number {
    const pending = [...this.unsettled];
    this.unsettled.clear();
    for (const [refundId, fail] of pending) this.settle(refundId, fail);
    return pending.length;
  }

  private settle(refundId: string, fail: boolean): void {
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
}
