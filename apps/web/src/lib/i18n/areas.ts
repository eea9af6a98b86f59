import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@utsav/domain/languages';
import { FIRST_SCREEN_AREAS, loadAreaCatalog } from './catalogs';
import { i18n } from './i18n';

// Which catalog areas the app has needed so far, and which of them are in i18next per language. A switch
// of language loads every needed area in the new language before it switches (language.ts), so no mounted
// text ever shows a key.
const needed = new Set<string>(FIRST_SCREEN_AREAS);
const inFlight = new Map<string, Promise<void>>();
/** Loads started by ensureAreas and not yet settled: what afterAreas waits for. */
const started = new Set<Promise<void>>();
/** The language last asked for by loadNeededAreas: it may still be loading while i18next shows another. */
let switchingTo: Language | null = null;

function has(language: Language, area: string): boolean {
  return (
    i18n.hasResourceBundle(language, 'translation') &&
    i18n.getResource(language, 'translation', area) !== undefined
  );
}

function loadInto(language: Language, areas: Iterable<string>): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const area of areas) {
    if (has(language, area)) continue;
    const key = `${language}/${area}`;
    let load = inFlight.get(key);
    if (!load) {
      load = loadAreaCatalog(language, area).then(
        (catalog) => {
          i18n.addResourceBundle(language, 'translation', { [area]: catalog }, true, true);
          inFlight.delete(key);
        },
        (error: unknown) => {
          inFlight.delete(key); // a later visit may try again
          throw error;
        },
      );
      inFlight.set(key, load);
    }
    loads.push(load);
  }
  return Promise.all(loads).then(() => undefined);
}

/**
 * Starts loading the given areas in the current language. The build calls it at the end of every module
 * whose texts live in an area outside the first screen (build/catalog-areas.ts), so the loads start as soon
 * as a lazily imported chunk runs; `afterAreas` then holds that import back until they are in.
 */
export function ensureAreas(areas: readonly string[]): Promise<void> {
  for (const area of areas) needed.add(area);
  // The shown language and the one being switched to (the router fetches the first page's chunk while
  // main.tsx is still loading a Hindi or Gujarati visitor's catalogs).
  const shown = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const languages = new Set([shown, switchingTo ?? shown]);
  const load = Promise.all([...languages].map((language) => loadInto(language, areas))).then(() => undefined);
  started.add(load);
  const settle = () => void started.delete(load);
  load.then(settle, settle);
  return load;
}

/**
 * A dynamic import that resolves once the catalogs its modules asked for are loaded. The build wraps every
 * `import('…')` of the app in it, so a lazy page, section or dialog never renders before its texts are
 * there: `t('area.key')` works on its first render, no key flashes. (Not a top-level await in the modules
 * themselves: Rolldown then splits the entry into dozens of small chunks.)
 */
export async function afterAreas<T>(module: Promise<T>): Promise<T> {
  const loaded = await module;
  // Evaluating the chunk has started every load its modules need; a failed one fails the import, as a
  // chunk that failed to download would.
  await Promise.all([...started]);
  return loaded;
}

/** Every area needed so far, in `language` (before switching to it). */
export function loadNeededAreas(language: Language): Promise<void> {
  switchingTo = language;
  return loadInto(language, needed);
}
