import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../src/search-text';

const matches = (stored: string, typed: string) => foldForSearch(stored).includes(foldForSearch(typed));

describe('folding text for search', () => {
  it('folds Latin case by Unicode rules, not only ASCII', () => {
    expect(matches('ÉLODIE Fernandes', 'élodie')).toBe(true);
    expect(matches('asha PATEL', 'Patel')).toBe(true);
  });

  it('finds a Devanagari name whatever way its nukta letters were typed', () => {
    const precomposed = '\u095Bोया'; // ज़ोया, with U+095B
    const decomposed = '\u091C\u093Cोया'; // ज + ़ + ोया
    expect(matches(`${precomposed} शेख`, decomposed)).toBe(true);
    expect(matches(`${decomposed} शेख`, precomposed)).toBe(true);
  });

  it('finds a Gujarati or Devanagari name typed with or without zero-width joiners', () => {
    expect(matches('ક્\u200Dષ્માબેન', 'ક્ષ્માબેન')).toBe(true);
    expect(matches('श्\u200Cरीया', 'श्रीया')).toBe(true);
    expect(matches('આશા પટેલ', 'પટેલ')).toBe(true);
  });

  it('reads full-width letters as plain ones', () => {
    expect(matches('ＡＳＨＡ', 'asha')).toBe(true);
  });

  it('does not make different names equal', () => {
    expect(matches('आशा', 'आश्रय')).toBe(false);
    expect(matches('Élodie', 'elodie')).toBe(false);
  });
});
