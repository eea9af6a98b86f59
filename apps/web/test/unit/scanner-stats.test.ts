import { beforeAll, describe, expect, it } from 'vitest';
import { countScan, EMPTY_STATS } from '../../src/features/scanner/checkin/device-store';
import { admittedOutcome, exitedOutcome } from '../../src/features/scanner/checkin/scan-outcome';
import { ensureAreas } from '../../src/lib/i18n/areas';

// The scanner's words live in the catalog area 'scanner', loaded with the scanner's code in the app.
beforeAll(() => ensureAreas(['scanner']));

// The phone's own counters (docs/product.md#gate-scanner): exits and re-entries are counted apart.

describe('countScan', () => {
  it('counts an exit as an exit, not as an entry', () => {
    const stats = countScan(EMPTY_STATS, exitedOutcome('Asha'));
    expect(stats).toEqual({ ...EMPTY_STATS, totalScanned: 1, exits: 1 });
  });

  it('counts a re-entry as a valid entry and as a re-entry', () => {
    const stats = countScan(EMPTY_STATS, admittedOutcome('Asha', false, true));
    expect(stats).toEqual({ ...EMPTY_STATS, totalScanned: 1, validEntries: 1, reentries: 1 });
  });

  it('counts a first admission as a valid entry only', () => {
    const stats = countScan(EMPTY_STATS, admittedOutcome('Asha'));
    expect(stats).toEqual({ ...EMPTY_STATS, totalScanned: 1, validEntries: 1 });
  });
});
