import { describe, expect, it } from 'vitest';
import {
  isSameEmail,
  TRANSFER_CLOSED_MESSAGES,
  TRANSFER_MESSAGES,
  timeLeftUntil,
  transferFee,
  transferRefusal,
  transferRequestSchema,
  transferWindow,
} from '../src/transfer';

const event = { date: '2026-10-10', startTime: '18:30' }; // 13:00Z

describe('ticket transfer rules', () => {
  it('costs Rs 50 per ticket', () => {
    expect(transferFee()).toBe(50);
    expect(transferFee(3)).toBe(150);
  });

  it('is open until 24 hours before the start (IST) and then says how long is left', () => {
    expect(transferWindow(event, new Date('2026-10-09T12:59:59.999Z')).open).toBe(true);
    const closed = transferWindow(event, new Date('2026-10-09T13:00:00.000Z'));
    expect(closed).toMatchObject({
      open: false,
      timeLeft: { unit: 'hours', count: 24 },
      message: { template: TRANSFER_CLOSED_MESSAGES.hours, params: { hours: 24, count: 24 } },
    });
    const late = transferWindow(event, new Date('2026-10-10T07:40:00.000Z'));
    expect(late).toMatchObject({ open: false, timeLeft: { unit: 'hours', count: 5 } });
    const started = transferWindow(event, new Date('2026-10-10T13:00:00.000Z'));
    expect(started).toMatchObject({
      open: false,
      message: { template: TRANSFER_CLOSED_MESSAGES.started, params: { hours: 24 } },
    });
  });

  it('says the time left in whole hours, then whole minutes, then under a minute', () => {
    expect(timeLeftUntil(2 * 3_600_000 + 59 * 60_000)).toEqual({ unit: 'hours', count: 2 });
    expect(timeLeftUntil(3_600_000)).toEqual({ unit: 'hours', count: 1 });
    expect(timeLeftUntil(3_599_999)).toEqual({ unit: 'minutes', count: 59 });
    expect(timeLeftUntil(60_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(timeLeftUntil(59_999)).toEqual({ unit: 'underAMinute' });
    expect(timeLeftUntil(0)).toEqual({ unit: 'started' });
  });

  it('refuses used, cancelled, resold and already transferred tickets', () => {
    expect(transferRefusal({ status: 'active', transferredAt: null })).toBeNull();
    expect(transferRefusal({ status: 'used', transferredAt: null })).toBe(TRANSFER_MESSAGES.used);
    expect(transferRefusal({ status: 'cancelled', transferredAt: null })).toBe(TRANSFER_MESSAGES.cancelled);
    // A ticket its resale sold says so, not that it was cancelled.
    expect(
      transferRefusal({ status: 'cancelled', transferredAt: null, resoldAt: '2026-10-01T00:00:00Z' }),
    ).toBe(TRANSFER_MESSAGES.resold);
    expect(transferRefusal({ status: 'cancelled', transferredAt: '2026-10-01T00:00:00Z' })).toBe(
      TRANSFER_MESSAGES.transferred,
    );
  });

  it('compares emails without case or spaces', () => {
    expect(isSameEmail(' Asha@Example.com', 'asha@example.com ')).toBe(true);
    expect(isSameEmail('asha@example.com', 'bina@example.com')).toBe(false);
  });

  it('validates the recipient with per-field messages', () => {
    expect(
      transferRequestSchema.parse({ recipientEmail: ' Bina@Example.COM ', recipientName: ' Bina ' }),
    ).toEqual({
      recipientEmail: 'bina@example.com',
      recipientName: 'Bina',
    });
    const bad = transferRequestSchema.safeParse({ recipientEmail: 'nope', recipientName: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'recipientEmail',
      'recipientName',
    ]);
  });
});
