import { describe, expect, it } from 'vitest';
import {
  formatTimeLeft,
  isSameEmail,
  TRANSFER_MESSAGES,
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
    expect(closed).toMatchObject({ open: false });
    expect(closed.open ? '' : closed.message).toBe(
      'Transfers close 24 hours before the event. The event starts in 1 day, so this ticket can no longer be transferred.',
    );
    const late = transferWindow(event, new Date('2026-10-10T07:40:00.000Z'));
    expect(late.open ? '' : late.message).toContain('The event starts in 5 hours 20 minutes');
    const started = transferWindow(event, new Date('2026-10-10T13:00:00.000Z'));
    expect(started.open ? '' : started.message).toContain('has already started');
  });

  it('formats the time left in words', () => {
    expect(formatTimeLeft(30_000)).toBe('under a minute');
    expect(formatTimeLeft(60_000)).toBe('1 minute');
    expect(formatTimeLeft(2 * 3_600_000)).toBe('2 hours');
    expect(formatTimeLeft(27 * 3_600_000 + 60_000)).toBe('1 day 3 hours');
  });

  it('refuses used, cancelled and already transferred tickets', () => {
    expect(transferRefusal({ status: 'active', transferredAt: null })).toBeNull();
    expect(transferRefusal({ status: 'used', transferredAt: null })).toBe(TRANSFER_MESSAGES.used);
    expect(transferRefusal({ status: 'cancelled', transferredAt: null })).toBe(TRANSFER_MESSAGES.cancelled);
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
