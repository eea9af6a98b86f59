import { describe, expect, it } from 'vitest';
import { GATE_UNDO_GRACE_MS, GATE_UNDO_OFFER_MS, gateUndoRefusal } from '../src/gate-undo';

describe('taking back a gate admission', () => {
  const at = '2026-10-10T13:00:00.000Z';
  const admission = { at, checkerUserId: 'volunteer-1' };
  const after = (ms: number) => new Date(Date.parse(at) + ms);

  it('is allowed to the volunteer who admitted, while the offer lasts and a little after', () => {
    expect(gateUndoRefusal(admission, 'volunteer-1', after(0))).toBeNull();
    expect(gateUndoRefusal(admission, 'volunteer-1', after(GATE_UNDO_OFFER_MS))).toBeNull();
    expect(
      gateUndoRefusal(admission, 'volunteer-1', after(GATE_UNDO_OFFER_MS + GATE_UNDO_GRACE_MS)),
    ).toBeNull();
  });

  it('is too late once the grace after the offer is over', () => {
    expect(
      gateUndoRefusal(admission, 'volunteer-1', after(GATE_UNDO_OFFER_MS + GATE_UNDO_GRACE_MS + 1)),
    ).toBe('UNDO_WINDOW_CLOSED');
    expect(gateUndoRefusal({ ...admission, at: 'not a time' }, 'volunteer-1', after(0))).toBe(
      'UNDO_WINDOW_CLOSED',
    );
  });

  it('treats a clock that went backwards as fresh', () => {
    expect(gateUndoRefusal(admission, 'volunteer-1', after(-2_000))).toBeNull();
  });

  it('is refused to anyone else, even in time', () => {
    expect(gateUndoRefusal(admission, 'volunteer-2', after(1_000))).toBe('NOT_YOUR_ADMISSION');
  });

  it('has nothing to take back without an admission', () => {
    expect(gateUndoRefusal(null, 'volunteer-1', after(0))).toBe('NOTHING_TO_UNDO');
  });
});
