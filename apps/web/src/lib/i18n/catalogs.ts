import type { Language } from '@utsav/domain/languages';

/** A message catalog: nested objects of ICU-free i18next strings (plurals by `_one`/`_other` keys). */
export type Catalog = { [key: string]: string | Catalog };

export { FIRST_SCREEN_AREAS } from './first-screen-areas';

// One JSON file per area and language (locales/<language>/<area>.json), merged under the area's name, so
// `t('header.signIn')` reads locales/<language>/header.json's `signIn`. The first-screen areas are named in
// the globs below (Vite needs literals): keep them equal to FIRST_SCREEN_AREAS.
const englishFirstScreen = import.meta.glob<Catalog>(
  '../../locales/en/{shell,landing,auth,errors,queue}.json',
  {
    eager: true,
    import: 'default',
  },
);
const lazyFiles = import.meta.glob<Catalog>(
  ['../../locales/*/*.json', '!../../locales/en/{shell,landing,auth,errors,queue}.json'],
  { import: 'default' },
);

/** 'shell' from '../../locales/en/shell.json'. */
export function areaOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

function languageOf(path: string): string {
  const parts = path.split('/');
  return parts[parts.length - 2] ?? '';
}

export const englishFirstScreenCatalog: Catalog = Object.fromEntries(
  Object.entries(englishFirstScreen).map(([path, catalog]) => [areaOf(path), catalog]),
);

/** Every area that has a catalog (the English file names). */
export const ALL_AREAS: readonly string[] = [
  ...Object.keys(englishFirstScreen),
  ...Object.keys(lazyFiles).filter((path) => languageOf(path) === 'en'),
].map(areaOf);

/** One area's catalog in one language; English first-screen areas are already in the bundle. */
export async function loadAreaCatalog(language: Language, area: string): Promise<Catalog> {
  if (language === 'en' && area in englishFirstScreenCatalog)
    return englishFirstScreenCatalog[area] as Catalog;
  const load = lazyFiles[`../../locales/${language}/${area}.json`];
  if (!load) throw new Error(`No catalog for the area '${area}' in '${language}'`);
  return load();
}
