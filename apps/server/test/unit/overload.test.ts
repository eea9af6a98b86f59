import { describe, expect, it } from 'vitest';
import { loadLevel, shedTier, shouldShed } from '../../src/platform/overload';

const limits = { maxInFlight: 100, maxEventLoopDelayMs: 200 };

describe('overload shedding decisions', () => {
  it('the load is the worse of in-flight requests and event-loop delay, each against its limit', () => {
    expect(loadLevel({ inFlight: 50, eventLoopDelayMs: 20 }, limits)).toBe(0.5);
    expect(loadLevel({ inFlight: 10, eventLoopDelayMs: 300 }, limits)).toBe(1.5);
  });

  it('deferrable work goes at the limit, sales work at twice it, and the never-shed tier never', () => {
    expect(shouldShed('deferrable', 0.99)).toBe(false);
    expect(shouldShed('deferrable', 1)).toBe(true);
    expect(shouldShed('sales', 1.99)).toBe(false);
    expect(shouldShed('sales', 2)).toBe(true);
    expect(shouldShed('never', 1_000)).toBe(false);
  });

  it('payments, webhooks and the gate are never shed; the buyer path is sales; the rest deferrable', () => {
    expect(shedTier('POST', '/api/tickets/verify-payment')).toBe('never');
    expect(shedTier('POST', '/api/payments/razorpay/webhook')).toBe('never');
    expect(shedTier('POST', '/api/tickets/mark-used')).toBe('never');
    expect(shedTier('POST', '/api/tickets/verify-qr')).toBe('never');
    expect(shedTier('GET', '/assets/index.js')).toBe('never');
    expect(shedTier('GET', undefined)).toBe('never');
    expect(shedTier('POST', '/api/tickets/create-order')).toBe('sales');
    expect(shedTier('GET', '/api/queue/me')).toBe('sales');
    expect(shedTier('GET', '/api/admin/tickets/export')).toBe('deferrable');
    expect(shedTier('GET', '/api/tickets/my-tickets')).toBe('deferrable');
  });
});
