import { describe, expect, it } from 'vitest';
import { CAMERA_CONSTRAINTS, cameraAccessMessage } from '../../src/features/scanner/engine/camera';

// The camera messages (docs/product.md#gate-scanner), from the DOMException names getUserMedia rejects with.

const rejection = (name: string) => new DOMException('from the browser', name);

describe('cameraAccessMessage', () => {
  it.each(['NotFoundError', 'OverconstrainedError', 'DevicesNotFoundError'])(
    "%s means 'No camera found on this device'",
    (name) => {
      expect(cameraAccessMessage(rejection(name))).toBe('No camera found on this device');
    },
  );

  it.each(['NotAllowedError', 'SecurityError', 'NotReadableError', 'AbortError', 'TypeError'])(
    "%s means 'Failed to access camera'",
    (name) => {
      expect(cameraAccessMessage(rejection(name))).toBe('Failed to access camera');
    },
  );

  it("treats something that is not an error at all as 'Failed to access camera'", () => {
    expect(cameraAccessMessage(undefined)).toBe('Failed to access camera');
  });
});

describe('CAMERA_CONSTRAINTS', () => {
  it('prefers the back camera without requiring it (exact fails on devices without one)', () => {
    expect(CAMERA_CONSTRAINTS).toEqual({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  });
});
