import type { Language } from '@utsav/domain/languages';

/** A message catalog: nested objects of ICU-free i18next strings (plurals by `_one`/`_other` keys). */
export type Catalog = { [key: string]: string | Catalog };

// One JSON file per area and language (locales/<language>/<area>.json), merged under the area's name, so
// `t('header.signIn')` reads locales/<language>/header.json's `signIn`. English ships in the first chunk
// (it is the fallback and the spec's own texts); Hindi and Gujarati load only when chosen.
const english = import.meta.glob<Catalog>('../../locales/en/*.json', { eager: true, import: 'default' });
const lazy: Record<Exclude<Language, 'en'>, Record<string, () => Promise<Catalog>>> = {
  hi: import.meta.glob<Catalog>('../../locales/hi/*.json', { import: 'default' }),
  gu: import.meta.glob<Catalog>('../../locales/gu/*.json', { import: 'default' }),
};

function areaOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

export const englishCatalog: Catalog = Object.fromEntries(
  Object.entries(english).map(([path, catalog]) => [areaOf(path), catalog]),
);

export async function loadCatalog(language: Language): Promise<Catalog> {
  if (language === 'en') return englishCatalog;
  const entries = await Promise.all(
    Object.entries(lazy[language]).map(async ([path, load]) => [areaOf(path), await load()] as const),
  );
  return Object.fromEntries(entries);
}
