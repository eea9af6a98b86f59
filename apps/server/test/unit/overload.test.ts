import { describe, expect, it } from 'vitest';
import {
  loadLevel,
  servedWhileClosing,
  shedTier,
  shouldShed,
  UndeclaredPaidOrderRoute,
} from '../../src/platform/overload';

const limits = { maxInFlight: 100, maxEventLoopDelayMs: 200, minInFlight: 16 };

describe('overload shedding decisions', () => {
  it('the load is the worse of in-flight requests and event-loop delay, each against its limit', () => {
    expect(loadLevel({ inFlight: 50, eventLoopDelayMs: 20 }, limits)).toBe(0.5);
    expect(loadLevel({ inFlight: 16, eventLoopDelayMs: 300 }, limits)).toBe(1.5);
  });

  it('a slow loop sheds nothing while fewer than the floor are in flight: a request alone is never refused', () => {
    for (const inFlight of [0, 1, 2, 15]) {
      const level = loadLevel({ inFlight, eventLoopDelayMs: 60_000 }, limits);
      expect(level).toBe(inFlight / 100);
      expect(shouldShed('deferrable', level)).toBe(false);
    }
    expect(shouldShed('deferrable', loadLevel({ inFlight: 16, eventLoopDelayMs: 200 }, limits))).toBe(true);
  });

  it('the in-flight limit alone sheds, even below the floor (a limit set lower than the floor)', () => {
    const low = { ...limits, maxInFlight: 1 };
    expect(shouldShed('deferrable', loadLevel({ inFlight: 0, eventLoopDelayMs: 0 }, low))).toBe(false);
    expect(shouldShed('deferrable', loadLevel({ inFlight: 1, eventLoopDelayMs: 0 }, low))).toBe(true);
  });

  it('deferrable work goes at the limit, sales work at twice it, and the never-shed tier never', () => {
    expect(shouldShed('deferrable', 0.99)).toBe(false);
    expect(shouldShed('deferrable', 1)).toBe(true);
    expect(shouldShed('sales', 1.99)).toBe(false);
    expect(shouldShed('sales', 2)).toBe(true);
    expect(shouldShed('never', 1_000)).toBe(false);
  });

  it('paid-order paths are never shed because their routes say so; the gate is never shed; the buyer path is sales', () => {
    const paid = { paidOrder: true };
    expect(shedTier('POST', '/api/tickets/verify-payment', paid)).toBe('never');
    expect(shedTier('POST', '/api/tickets/transfer/verify-payment', paid)).toBe('never');
    expect(shedTier('POST', '/api/payments/razorpay/webhook', paid)).toBe('never');
    expect(shedTier('POST', '/api/waitlist/me/checkout', paid)).toBe('never');
    expect(shedTier('POST', '/api/tickets/mark-used')).toBe('never');
    expect(shedTier('POST', '/api/tickets/verify-qr')).toBe('never');
    expect(shedTier('GET', '/assets/index.js')).toBe('never');
    expect(shedTier('GET', undefined)).toBe('never');
    expect(shedTier('POST', '/api/tickets/create-order')).toBe('sales');
    expect(shedTier('GET', '/api/queue/me')).toBe('sales');
    expect(shedTier('GET', '/api/admin/tickets/export')).toBe('deferrable');
    expect(shedTier('GET', '/api/tickets/my-tickets')).toBe('deferrable');
  });

  it('an API path that looks like a payment step must declare paidOrder: forgetting fails at registration', () => {
    for (const path of [
      '/api/resale/verify-payment',
      '/api/payments/stripe/webhook',
      '/api/resale/:id/checkout',
      '/api/tickets/pay',
      '/api/payments',
    ])
      expect(() => shedTier('POST', path)).toThrow(UndeclaredPaidOrderRoute);
    expect(shedTier('POST', '/api/resale/:id/checkout', { paidOrder: false })).toBe('deferrable');
    // Outside /api (the Razorpay emulator's own pages) nothing is shed anyway.
    expect(shedTier('POST', '/razorpay-emulator/v1/payments')).toBe('never');
  });

  it('while closing, paid-order paths and the gate are served; health says it is going', () => {
    expect(servedWhileClosing('never', '/api/tickets/verify-payment')).toBe(true);
    expect(servedWhileClosing('never', '/api/tickets/mark-used')).toBe(true);
    expect(servedWhileClosing('never', '/api/health')).toBe(false);
    expect(servedWhileClosing('sales', '/api/auth/me')).toBe(false);
  });
});
