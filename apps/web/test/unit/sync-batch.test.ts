import { describe, expect, it } from 'vitest';
import type { QueuedAdmission } from '../../src/features/scanner/checkin/offline-check';
import { settleResults, syncRequest } from '../../src/features/scanner/checkin/sync-batch';

// Handing offline admissions to the server: what is sent, what leaves the queue, what is reported.

const ADMISSION: QueuedAdmission = {
  localId: 'local-1',
  ticketId: 'ticket-1',
  qrCode: 'code-1',
  scannedAt: '2026-10-10T14:30:00.000Z',
  snapshotAt: '2026-10-10T14:00:00.000Z',
  holderFirstName: 'Asha',
};
const EXIT: QueuedAdmission = {
  localId: 'local-2',
  ticketId: 'ticket-2',
  qrCode: 'code-2',
  scannedAt: '2026-10-10T15:00:00.000Z',
  holderFirstName: null,
  direction: 'out',
};
const REPORTED_AT = '2026-10-10T16:00:00.000Z';

describe('syncRequest', () => {
  it('sends the device, the trimmed gate and each admission without the holder name', () => {
    expect(syncRequest([ADMISSION, EXIT], { deviceId: 'phone-7', gate: '  North  ' })).toEqual({
      deviceId: 'phone-7',
      gate: 'North',
      admissions: [
        {
          localId: 'local-1',
          ticketId: 'ticket-1',
          qrCode: 'code-1',
          scannedAt: '2026-10-10T14:30:00.000Z',
          snapshotAt: '2026-10-10T14:00:00.000Z',
        },
        {
          localId: 'local-2',
          ticketId: 'ticket-2',
          qrCode: 'code-2',
          scannedAt: '2026-10-10T15:00:00.000Z',
          direction: 'out',
        },
      ],
    });
  });

  it('leaves out a blank gate', () => {
    expect(syncRequest([], { deviceId: 'phone-7', gate: '   ' })).toEqual({
      deviceId: 'phone-7',
      admissions: [],
    });
  });
});

describe('settleResults', () => {
  it('settles admitted and exited answers without conflicts', () => {
    const results = [
      { localId: 'local-1', ticketId: 'ticket-1', outcome: 'admitted' as const },
      { localId: 'local-2', ticketId: 'ticket-2', outcome: 'exited' as const },
    ];
    expect(settleResults([ADMISSION, EXIT], results, REPORTED_AT)).toEqual({
      settled: ['local-1', 'local-2'],
      found: [],
    });
  });

  it('reports a refused admission as a conflict with who scanned it first', () => {
    const results = [
      {
        localId: 'local-1',
        ticketId: 'ticket-1',
        outcome: 'already_used' as const,
        ticketCode: 'UT-ABCDEFGHJK',
        usedAt: '2026-10-10T14:10:00.000Z',
        scannedBy: { name: 'Ravi' },
      },
    ];
    expect(settleResults([ADMISSION], results, REPORTED_AT)).toEqual({
      settled: ['local-1'],
      found: [
        {
          localId: 'local-1',
          ticketId: 'ticket-1',
          ticketCode: 'UT-ABCDEFGHJK',
          outcome: 'already_used',
          scannedAt: ADMISSION.scannedAt,
          usedAt: '2026-10-10T14:10:00.000Z',
          scannedBy: 'Ravi',
          reportedAt: REPORTED_AT,
        },
      ],
    });
  });

  it('keeps admissions the server did not answer for, and ignores answers for unknown ones', () => {
    const results = [{ localId: 'someone-else', ticketId: 'ticket-9', outcome: 'admitted' as const }];
    expect(settleResults([ADMISSION], results, REPORTED_AT)).toEqual({ settled: [], found: [] });
  });
});
