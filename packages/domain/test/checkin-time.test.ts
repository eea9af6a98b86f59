import { describe, expect, it } from 'vitest';
import { offlineScanTime } from '../src/checkin-time';

const receivedAt = new Date('2026-10-03T17:00:00.000Z'); // 22:30 IST on the event day
const snapshotAt = '2026-10-03T12:00:00.000Z';

describe('offline scan time', () => {
  it("keeps the device's time when it lies between the snapshot and the server's receive time", () => {
    expect(offlineScanTime({ scannedAt: '2026-10-03T14:05:06.789Z', snapshotAt, receivedAt })).toBe(
      '2026-10-03T14:05:06.789Z',
    );
  });

  it('a clock reset to 2001 is recorded as the snapshot time, not 2001', () => {
    expect(offlineScanTime({ scannedAt: '2001-01-01T00:00:00.000Z', snapshotAt, receivedAt })).toBe(
      snapshotAt,
    );
  });

  it('without a snapshot time, no earlier than the start of the event day in IST', () => {
    expect(
      offlineScanTime({ scannedAt: '2001-01-01T00:00:00.000Z', eventDate: '2026-10-03', receivedAt }),
    ).toBe('2026-10-02T18:30:00.000Z');
  });

  it('the snapshot bound wins over the event day when both are known', () => {
    expect(
      offlineScanTime({
        scannedAt: '2026-10-03T01:00:00.000Z',
        snapshotAt,
        eventDate: '2026-10-03',
        receivedAt,
      }),
    ).toBe(snapshotAt);
  });

  it('a fast clock cannot post-date an entry past the receive time', () => {
    expect(offlineScanTime({ scannedAt: '2999-01-01T00:00:00.000Z', snapshotAt, receivedAt })).toBe(
      receivedAt.toISOString(),
    );
  });

  it('a snapshot claimed after the receive time, or an event day still to come, bounds at the receive time', () => {
    expect(
      offlineScanTime({
        scannedAt: '2026-10-03T10:00:00.000Z',
        snapshotAt: '2030-01-01T00:00:00Z',
        receivedAt,
      }),
    ).toBe(receivedAt.toISOString());
    expect(
      offlineScanTime({ scannedAt: '2026-10-03T10:00:00.000Z', eventDate: '2099-10-01', receivedAt }),
    ).toBe(receivedAt.toISOString());
  });

  it('an unreadable device time or snapshot time falls back safely', () => {
    expect(offlineScanTime({ scannedAt: 'yesterday', snapshotAt, receivedAt })).toBe(
      receivedAt.toISOString(),
    );
    expect(
      offlineScanTime({
        scannedAt: '2001-01-01T00:00:00Z',
        snapshotAt: 'garbage',
        eventDate: '2026-10-03',
        receivedAt,
      }),
    ).toBe('2026-10-02T18:30:00.000Z');
  });

  it('with nothing known but the receive time, only the future is cut', () => {
    expect(offlineScanTime({ scannedAt: '2001-01-01T00:00:00.000Z', receivedAt })).toBe(
      '2001-01-01T00:00:00.000Z',
    );
  });
});
