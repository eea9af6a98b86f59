import { describe, expect, it } from 'vitest';
import {
  documentNumber,
  financialYearLabel,
  financialYearOf,
  MAX_DOCUMENT_NUMBER_LENGTH,
  MAX_SERIAL,
  missingSerials,
} from '../src/gst-numbers';

describe('financial year (IST)', () => {
  it('puts 31 March 23:59 IST in the year before and 1 April 00:00 IST in the new one', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe(2026); // 23:59:59.999 IST
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toBe(2027); // 00:00 IST, 1 April
  });

  it('puts January to March in the year that started the April before', () => {
    expect(financialYearOf(new Date('2027-01-15T06:00:00.000Z'))).toBe(2026);
    expect(financialYearOf(new Date('2026-10-03T14:00:00.000Z'))).toBe(2026);
  });

  it('labels a year the way returns name it', () => {
    expect(financialYearLabel(2026)).toBe('2026-27');
    expect(financialYearLabel(2099)).toBe('2099-00');
  });
});

describe('document numbers', () => {
  it('names the series and the year', () => {
    expect(documentNumber('UTSAV', 'tax-invoice', 2026, 1)).toBe('UTSAV/I26/1');
    expect(documentNumber('UTSAV', 'bill-of-supply', 2026, 2)).toBe('UTSAV/B26/2');
    expect(documentNumber('RAAS', 'credit-note', 2027, 12)).toBe('RAAS/C27/12');
    expect(documentNumber('R-1', 'receipt', 2030, 3)).toBe('R-1/R30/3');
  });

  it('fits 16 characters with the longest prefix and serial', () => {
    const longest = documentNumber('ABCDE', 'credit-note', 2026, MAX_SERIAL);
    expect(longest).toBe('ABCDE/C26/999999');
    expect(longest.length).toBe(MAX_DOCUMENT_NUMBER_LENGTH);
  });

  it('refuses a prefix or serial that would break the rules', () => {
    expect(() => documentNumber('TOOLONG', 'tax-invoice', 2026, 1)).toThrow(RangeError);
    expect(() => documentNumber('ab', 'tax-invoice', 2026, 1)).toThrow(RangeError);
    expect(() => documentNumber('UTSAV', 'tax-invoice', 2026, 0)).toThrow(RangeError);
    expect(() => documentNumber('UTSAV', 'tax-invoice', 2026, MAX_SERIAL + 1)).toThrow(RangeError);
    expect(() => documentNumber('UTSAV', 'tax-invoice', 2026, 1.5)).toThrow(RangeError);
  });

  it('lists the serials missing from a series', () => {
    expect(missingSerials([])).toEqual([]);
    expect(missingSerials([1, 2, 3])).toEqual([]);
    expect(missingSerials([3, 1, 5])).toEqual([2, 4]);
  });
});
