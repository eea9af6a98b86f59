import { describe, expect, it } from 'vitest';
import { liveGatesResponseSchema, liveGatesSchema } from '../src/gates-live';

const view = {
  generatedAt: '2026-10-10T14:00:00.000Z',
  reentryAllowed: true,
  sold: 10,
  admitted: 4,
  arrivedPercentage: 40,
  inside: 3,
  gates: [{ gate: 'North', admitted: 4, lastMinute: 1, devices: 1, perMinute: [{ minute: 'x', count: 4 }] }],
  refusals: { already_used: 1, cancelled: 0, transferred: 0, invalid: 2 },
  devices: [{ deviceId: 'p1', gate: 'North', checker: null, lastSeenAt: 'y', online: true, queued: 0 }],
  conflicts: 0,
};

describe('the live gate view schema', () => {
  it('reads the view the server sends', () => {
    expect(liveGatesSchema.parse(view)).toEqual(view);
    expect(liveGatesResponseSchema.parse({ ...view, success: true }).success).toBe(true);
  });

  it('refuses a view that leaves out a refusal reason (the panel shows every reason)', () => {
    const { transferred: _left, ...refusals } = view.refusals;
    expect(liveGatesSchema.safeParse({ ...view, refusals }).success).toBe(false);
  });

  it('refuses a device without its queue count', () => {
    const { queued: _left, ...device } = view.devices[0] ?? { queued: 0 };
    expect(liveGatesSchema.safeParse({ ...view, devices: [device] }).success).toBe(false);
  });
});
