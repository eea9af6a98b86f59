// The three languages of the product (English, Hindi, Gujarati). One list, used by the web app
// (picking the language, Intl formatting) and the server (Accept-Language, emails, PDFs).

export const LANGUAGES = ['en', 'hi', 'gu'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a switcher shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  hi: 'हिन्दी',
  gu: 'ગુજરાતી',
};

/** The Intl locale for numbers, dates, times and rupees: Indian conventions in every language. */
export const INTL_LOCALES: Readonly<Record<Language, string>> = {
  en: 'en-IN',
  hi: 'hi-IN',
  gu: 'gu-IN',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a BCP 47 tag ('hi-IN' -> 'hi', 'GU' -> 'gu'), or null when it is none of ours. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(primary) ? primary : null;
}

/** The first of the person's preferred tags (most preferred first) that we speak, else null. */
export function firstSupportedLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/**
 * The language an Accept-Language header asks for: the supported tag of highest weight (ties keep the
 * header's order), English when nothing matches or the header is absent or malformed.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  return requestedLanguage(header) ?? DEFAULT_LANGUAGE;
}

/** Like languageFromAcceptLanguage, but null when the header names none of our languages. */
export function requestedLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return firstSupportedLanguage(ranked.map((entry) => entry.tag));
}
