import { describe, expect, it } from 'vitest';
import { decidePass, refusalReason } from '../src/gate-pass';

// Who passes a gate: the rule the server explains a refused update with and the gate phone decides offline by.

describe('a pass through the gate', () => {
  it('admits a fresh ticket in, refuses one inside, and lets one out only with re-entry on', () => {
    expect(decidePass('in', { status: 'active', exitedAt: null }, false)).toBe('admitted');
    expect(decidePass('in', { status: 'used', exitedAt: null }, true)).toBe('already_used');
    expect(decidePass('out', { status: 'used', exitedAt: null }, false)).toBe('reentry_closed');
    expect(decidePass('out', { status: 'used', exitedAt: null }, true)).toBe('exited');
  });

  it('names what revoked a ticket, in either direction: cancelled, transferred or resold', () => {
    for (const direction of ['in', 'out'] as const) {
      expect(decidePass(direction, { status: 'cancelled', exitedAt: null }, true)).toBe('cancelled');
      expect(decidePass(direction, { status: 'transferred', exitedAt: null }, true)).toBe('transferred');
      expect(decidePass(direction, { status: 'resold', exitedAt: null }, true)).toBe('resold');
    }
  });

  it('the live view counts a resold refusal among the cancelled', () => {
    expect(refusalReason('resold')).toBe('cancelled');
    expect(refusalReason('cancelled')).toBe('cancelled');
    expect(refusalReason('transferred')).toBe('transferred');
  });
});
