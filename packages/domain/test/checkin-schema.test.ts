import { describe, expect, it } from 'vitest';
import { MAX_SYNC_ADMISSIONS, scanRequestSchema, syncRequestSchema } from '../src/checkin-schema';
import { QR_EMPTY_OR_MALFORMED_MESSAGE } from '../src/qr-token';

const admission = (localId: string) => ({
  localId,
  ticketId: 't-1',
  qrCode: 'UT1.x.y',
  scannedAt: '2099-10-01T14:00:00.000Z',
});

describe('check-in payloads', () => {
  it('a scan without a string code is refused with the product message', () => {
    const result = scanRequestSchema.safeParse({ qrCode: 42 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(QR_EMPTY_OR_MALFORMED_MESSAGE);
  });

  it('a scan keeps any code text for the server to judge, and trims device and gate labels', () => {
    expect(scanRequestSchema.parse({ qrCode: '  garbage ', deviceId: ' d1 ', gate: ' North ' })).toEqual({
      qrCode: '  garbage ',
      deviceId: 'd1',
      gate: 'North',
    });
  });

  it(`a sync carries at most ${MAX_SYNC_ADMISSIONS} admissions`, () => {
    const many = Array.from({ length: MAX_SYNC_ADMISSIONS }, (_, i) => admission(`l${i}`));
    expect(syncRequestSchema.safeParse({ deviceId: 'd', admissions: many }).success).toBe(true);
    expect(
      syncRequestSchema.safeParse({ deviceId: 'd', admissions: [...many, admission('x')] }).success,
    ).toBe(false);
  });

  it('a sync needs a device id and a local id per admission', () => {
    expect(syncRequestSchema.safeParse({ deviceId: ' ', admissions: [] }).success).toBe(false);
    expect(syncRequestSchema.safeParse({ deviceId: 'd', admissions: [admission('')] }).success).toBe(false);
  });
});
