import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { toWinAnsi } from '../../../src/platform/documents/win-ansi';

describe('toWinAnsi', () => {
  it('keeps ASCII and Latin-1 names as they are', () => {
    expect(toWinAnsi('Asha Patel')).toBe('Asha Patel');
    expect(toWinAnsi('José Müller-Ñúñez, Zoë')).toBe('José Müller-Ñúñez, Zoë');
  });

  it('keeps the Windows-1252 punctuation the standard fonts have', () => {
    expect(toWinAnsi('“Garba” – Raas’ night… €5 ™')).toBe('“Garba” – Raas’ night… €5 ™');
  });

  it('composes a decomposed accent instead of losing it', () => {
    expect(toWinAnsi('Jose\u0301')).toBe('José');
  });

  it('strips accents that WinAnsi lacks but keeps the letter', () => {
    expect(toWinAnsi('Ākash Śarmā, Łukasz Erdős')).toBe('Akash Sarma, Lukasz Erdos');
  });

  it('turns a Devanagari word into one replacement, not one per code point', () => {
    expect(toWinAnsi('आशा पटेल')).toBe('? ?');
    expect(toWinAnsi('Asha (આશા) Patel')).toBe('Asha (?) Patel');
  });

  it('turns an emoji, even a ZWJ family with skin tones, into one replacement', () => {
    expect(toWinAnsi('Asha 🎉')).toBe('Asha ?');
    expect(toWinAnsi('👨🏽‍👩🏽‍👧🏽 Patels')).toBe('? Patels');
    expect(toWinAnsi('❤️')).toBe('?');
  });

  it('writes the rupee sign as Rs. and odd dashes and spaces as plain ones', () => {
    expect(toWinAnsi('₹299')).toBe('Rs.299');
    expect(toWinAnsi('6:30\u202fPM\u2011late')).toBe('6:30 PM-late');
  });

  it('replaces line breaks and control characters with spaces', () => {
    expect(toWinAnsi('Asha\nPatel\tX\u0007')).toBe('Asha Patel X ');
  });

  it('uses the replacement the caller asks for', () => {
    expect(toWinAnsi('आशा', '')).toBe('');
  });

  it('always returns text Helvetica can encode, whatever the input', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(() => font.encodeText(toWinAnsi(text))).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
