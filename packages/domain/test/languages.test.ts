import { describe, expect, it } from 'vitest';
import {
  firstSupportedLanguage,
  INTL_LOCALES,
  isLanguage,
  LANGUAGES,
  languageFromAcceptLanguage,
  languageOfTag,
  requestedLanguage,
} from '../src/languages';

describe('languages', () => {
  it('knows exactly English, Hindi and Gujarati, each with an Indian Intl locale', () => {
    expect(LANGUAGES).toEqual(['en', 'hi', 'gu']);
    for (const language of LANGUAGES) expect(INTL_LOCALES[language]).toMatch(/-IN$/);
    expect(isLanguage('hi')).toBe(true);
    expect(isLanguage('mr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it('reads the language of a tag whatever its case and region', () => {
    expect(languageOfTag('hi-IN')).toBe('hi');
    expect(languageOfTag('GU')).toBe('gu');
    expect(languageOfTag('en_GB')).toBe('en');
    expect(languageOfTag('mr-IN')).toBeNull();
    expect(languageOfTag('')).toBeNull();
  });

  it("takes the first of the browser's languages that we speak", () => {
    expect(firstSupportedLanguage(['mr-IN', 'gu-IN', 'en-US'])).toBe('gu');
    expect(firstSupportedLanguage(['fr', 'de'])).toBeNull();
    expect(firstSupportedLanguage([])).toBeNull();
  });

  it('ranks Accept-Language by weight, keeping the header order on ties, English otherwise', () => {
    expect(languageFromAcceptLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(languageFromAcceptLanguage('en;q=0.5, gu;q=0.8')).toBe('gu');
    expect(languageFromAcceptLanguage('mr, gu;q=0.1')).toBe('gu');
    expect(languageFromAcceptLanguage('gu;q=0, hi;q=0.2')).toBe('hi');
    expect(languageFromAcceptLanguage('fr-FR, de')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage(';;;,q=abc')).toBe('en');
  });

  it('tells an explicit choice of ours apart from a header that names none', () => {
    expect(requestedLanguage('gu')).toBe('gu');
    expect(requestedLanguage('en-US,en;q=0.9')).toBe('en');
    expect(requestedLanguage('fr, de;q=0.5')).toBeNull();
    expect(requestedLanguage('*')).toBeNull();
    expect(requestedLanguage(undefined)).toBeNull();
  });
});
