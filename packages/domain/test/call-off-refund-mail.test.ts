import { describe, expect, it } from 'vitest';
import {
  belongsToCallOffMail,
  type CallOffMailRefund,
  callOffFailureRetried,
  callOffOrderMail,
  callOffOrderMailKey,
  callOffRefundedPaise,
  callOffRefundFailedForGood,
  callOffRefundSettled,
} from '../src/call-off-refund-mail';
import { CALL_OFF_REASON, CALL_OFF_REFUND_ATTEMPTS } from '../src/event-change';

const refund = (id: string, overrides: Partial<CallOffMailRefund> = {}): CallOffMailRefund => ({
  id,
  orderId: 'order-1',
  reason: CALL_OFF_REASON,
  status: 'processed',
  attempts: 1,
  amountPaise: 29_900,
  ...overrides,
});
const LAST = CALL_OFF_REFUND_ATTEMPTS;

describe('which refunds the order mail covers', () => {
  it('only the call-off’s refunds of that order', () => {
    expect(belongsToCallOffMail(refund('a'), 'order-1')).toBe(true);
    expect(belongsToCallOffMail(refund('a'), 'order-2')).toBe(false);
    expect(belongsToCallOffMail(refund('a', { reason: 'Changed plans' }), 'order-1')).toBe(false);
    expect(belongsToCallOffMail(refund('a', { reason: null }), 'order-1')).toBe(false);
    expect(belongsToCallOffMail(refund('a', { orderId: null }), 'order-1')).toBe(false);
  });
});

describe('when a call-off refund is settled', () => {
  it.each([
    ['pending', 1, false],
    ['processing', 1, false],
    ['processed', 1, true],
    ['processed', LAST + 1, true],
    ['failed', 1, false],
    ['failed', LAST - 1, false],
    ['failed', LAST, true],
    ['failed', LAST + 1, true],
    ['cancelled', 1, false],
  ] as const)('%s on attempt %i: %s', (status, attempts, settled) => {
    expect(callOffRefundSettled({ status, attempts })).toBe(settled);
    expect(callOffRefundFailedForGood({ status, attempts })).toBe(settled && status === 'failed');
  });

  it('a failure is retried by the job while attempts remain', () => {
    expect(callOffFailureRetried(1)).toBe(true);
    expect(callOffFailureRetried(LAST - 1)).toBe(true);
    expect(callOffFailureRetried(LAST)).toBe(false);
  });
});

describe('the order mail', () => {
  it('waits while any of the order’s refunds is on its way or being retried', () => {
    for (const open of [
      { status: 'pending' },
      { status: 'processing' },
      { status: 'failed', attempts: 2 },
    ] as const) {
      const mail = callOffOrderMail('order-1', [refund('a'), refund('b', open)]);
      expect(mail).toMatchObject({ settled: false, due: false });
    }
  });

  it('is due once all are processed: every ticket listed by id, the sum in paise', () => {
    const mail = callOffOrderMail('order-1', [
      refund('c', { amountPaise: 31_397 }),
      refund('a'),
      refund('b', { amountPaise: 1 }),
    ]);
    expect(mail).toMatchObject({ settled: true, due: true, refundedPaise: 29_900 + 31_397 + 1 });
    expect(mail.completed.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('covers the completed ones once another failed for good; none completed: no mail', () => {
    const partly = callOffOrderMail('order-1', [
      refund('a'),
      refund('b', { status: 'failed', attempts: LAST }),
    ]);
    expect(partly).toMatchObject({ settled: true, due: true, refundedPaise: 29_900 });
    expect(partly.completed.map((r) => r.id)).toEqual(['a']);
    const none = callOffOrderMail('order-1', [refund('a', { status: 'failed', attempts: LAST })]);
    expect(none).toMatchObject({ settled: true, due: false, completed: [], refundedPaise: 0 });
  });

  it('ignores other orders’ and other reasons’ refunds; an order with none is not settled', () => {
    const mail = callOffOrderMail('order-1', [
      refund('a'),
      refund('b', { orderId: 'order-2', status: 'pending' }),
      refund('c', { reason: 'Changed plans', status: 'pending', amountPaise: 5 }),
    ]);
    expect(mail).toMatchObject({ due: true, refundedPaise: 29_900 });
    expect(callOffOrderMail('order-3', [refund('a')])).toMatchObject({ settled: false, due: false });
  });

  it('adds paise exactly and names one outbox row per order', () => {
    expect(callOffRefundedPaise([])).toBe(0);
    expect(callOffRefundedPaise([{ amountPaise: 10 }, { amountPaise: 20 }])).toBe(30);
    expect(callOffOrderMailKey('o')).toBe('call-off-refunds-completed:o');
    expect(callOffOrderMailKey('o')).not.toBe(callOffOrderMailKey('p'));
  });
});
