import { describe, expect, it } from 'vitest';
import { checkGstin, GSTIN_MESSAGES, gstinCheckCharacter, gstStateLabel } from '../src/gstin';

// Published GSTINs of real businesses (from their invoices and the GST portal's examples): the check characters
// were not computed by the code under test.
const PUBLISHED = [
  '27AAPFU0939F1ZV',
  '29AAGCB7383J1Z4',
  '07AAGFF2194N1Z1',
  '24AAACC1206D1ZM',
  '33AAACH7409R1Z8',
];

describe('GSTIN', () => {
  it.each(PUBLISHED)('accepts %s and reads its state and PAN', (gstin) => {
    const verdict = checkGstin(gstin);
    expect(verdict).toEqual({ ok: true, gstin, stateCode: gstin.slice(0, 2), pan: gstin.slice(2, 12) });
  });

  it('computes the published check characters', () => {
    for (const gstin of PUBLISHED) expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
  });

  it('reads what people type: lower case and spaces', () => {
    expect(checkGstin(' 27aapfu0939f1zv ')).toMatchObject({ ok: true, gstin: '27AAPFU0939F1ZV' });
    expect(checkGstin('27 AAPFU 0939F 1ZV')).toMatchObject({ ok: true });
  });

  it('catches every single mistyped character', () => {
    const gstin = PUBLISHED[0]!;
    for (let at = 0; at < 15; at++) {
      for (const typo of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
        if (typo === gstin[at]) continue;
        const typed = gstin.slice(0, at) + typo + gstin.slice(at + 1);
        expect(checkGstin(typed).ok, typed).toBe(false);
      }
    }
  });

  it('catches two neighbours swapped', () => {
    const gstin = PUBLISHED[1]!;
    for (let at = 0; at < 14; at++) {
      if (gstin[at] === gstin[at + 1]) continue;
      const swapped = gstin.slice(0, at) + gstin[at + 1] + gstin[at] + gstin.slice(at + 2);
      expect(checkGstin(swapped).ok, swapped).toBe(false);
    }
  });

  it('names the first rule that fails', () => {
    expect(checkGstin('27AAPFU0939F1Z')).toEqual({ ok: false, message: GSTIN_MESSAGES.length });
    expect(checkGstin('00AAPFU0939F1ZV')).toEqual({ ok: false, message: GSTIN_MESSAGES.state });
    expect(checkGstin('2712PFU0939F1ZV')).toEqual({ ok: false, message: GSTIN_MESSAGES.pan });
    expect(checkGstin('27AAPFU0939F0ZV')).toEqual({ ok: false, message: GSTIN_MESSAGES.entity });
    expect(checkGstin('27AAPFU0939F1ZW')).toEqual({ ok: false, message: GSTIN_MESSAGES.check });
  });

  it('labels a state for a document', () => {
    expect(gstStateLabel('27')).toBe('27 Maharashtra');
    expect(gstStateLabel('42')).toBe('42');
  });
});
