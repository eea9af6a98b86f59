import {
  DEFAULT_LANGUAGE,
  firstSupportedLanguage,
  INTL_LOCALES,
  isLanguage,
  type Language,
} from '@utsav/domain/languages';
import { useTranslation } from 'react-i18next';
import { loadNeededAreas } from './areas';
import { i18n } from './i18n';

const STORAGE_KEY = 'utsav.language';

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage blocked: fall back to the browser's languages
  }
}

/**
 * The person's own choice if they made one here, else the first of the browser's languages we speak.
 * index.html's boot script makes the same choice before the first paint (a test holds the two together).
 */
export function preferredLanguage(): Language {
  if (typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return storedLanguage() ?? firstSupportedLanguage(browser) ?? DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** en-IN, hi-IN or gu-IN: Indian numbering, dates and rupees in every language. */
export function currentLocale(): string {
  return INTL_LOCALES[currentLanguage()];
}

/**
 * Loads the language's catalogs (every area needed so far), switches every mounted text and sets
 * `<html lang>`, which also switches the font stack to the script's self-hosted face (styles.css).
 */
export async function applyLanguage(language: Language, options: { remember: boolean }): Promise<void> {
  if (options.remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // not remembered across visits, still applied now
    }
  }
  await loadNeededAreas(language);
  await i18n.changeLanguage(language);
  setDocumentLanguage(language);
}

/**
 * Sets `<html lang>`, only when it changes: Chromium restyles the whole document on every write of the
 * attribute, even of the value it has, and on a start page the boot script has set it already (decision 1125:
 * ~7 ms of style recalculation, a task over 40 ms of wall time, in a My Tickets load).
 */
export function setDocumentLanguage(language: string): void {
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

/** The current language, re-rendering on a switch, and the switch itself (remembered). */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => Promise<void> } {
  const { i18n: instance } = useTranslation();
  const language = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
  return { language, setLanguage: (next) => applyLanguage(next, { remember: true }) };
}

/** The language index.html's boot script chose before the first paint (<html lang>), else the preference. */
export function bootLanguage(): Language {
  const chosen = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLanguage(chosen) ? chosen : preferredLanguage();
}
