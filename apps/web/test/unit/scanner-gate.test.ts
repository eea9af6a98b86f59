import { SCANNER_DEBOUNCE_MS } from '@utsav/domain/constants';
import { describe, expect, it } from 'vitest';
import {
  isHeldCode,
  SAME_CODE_HOLD_MS,
  SAME_CODE_MISSES,
  shouldAcceptScan,
} from '../../src/features/scanner/engine/scan-gate';

// Scans closer than 1 s apart, or while one is processing, are ignored.

describe('shouldAcceptScan', () => {
  it('accepts the first scan of a session', () => {
    expect(shouldAcceptScan(0, null, false)).toBe(true);
  });

  it('ignores a scan that arrives less than SCANNER_DEBOUNCE_MS after the last accepted one', () => {
    expect(shouldAcceptScan(10_000 + SCANNER_DEBOUNCE_MS - 1, 10_000, false)).toBe(false);
  });

  it('accepts a scan exactly SCANNER_DEBOUNCE_MS after the last accepted one', () => {
    expect(shouldAcceptScan(10_000 + SCANNER_DEBOUNCE_MS, 10_000, false)).toBe(true);
  });

  it('ignores any scan while the previous one is still being processed, however long ago it was', () => {
    expect(shouldAcceptScan(60_000, 0, true)).toBe(false);
    expect(shouldAcceptScan(0, null, true)).toBe(false);
  });
});

describe('isHeldCode', () => {
  const held = { code: 'UT1.abc', lastSeenAt: 5000, misses: SAME_CODE_MISSES };

  it('holds the code just handled while it is still in view', () => {
    expect(isHeldCode('UT1.abc', 5000 + SAME_CODE_HOLD_MS - 1, held)).toBe(true);
  });

  it('lets the same code count again once it has been out of view for the hold', () => {
    expect(isHeldCode('UT1.abc', 5000 + SAME_CODE_HOLD_MS, held)).toBe(false);
  });

  it('keeps holding a code the decoder did not look away from, however long between two looks (a slow phone)', () => {
    const seenEveryLook = { ...held, misses: 0 };
    expect(isHeldCode('UT1.abc', 5000 + 10 * SAME_CODE_HOLD_MS, seenEveryLook)).toBe(true);
    const oneMissedFrame = { ...held, misses: SAME_CODE_MISSES - 1 };
    expect(isHeldCode('UT1.abc', 5000 + 10 * SAME_CODE_HOLD_MS, oneMissedFrame)).toBe(true);
  });

  it('never holds a different code', () => {
    expect(isHeldCode('UT1.xyz', 5001, held)).toBe(false);
  });

  it('holds nothing before the first scan or when the hold is switched off', () => {
    expect(isHeldCode('UT1.abc', 0, null)).toBe(false);
    expect(isHeldCode('UT1.abc', 5001, held, 0)).toBe(false);
  });
});
