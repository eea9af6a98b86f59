import { DEFAULT_LANGUAGE } from '@utsav/domain/languages';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { englishFirstScreenCatalog } from './catalogs';

/**
 * The app's one i18next instance. It starts in English synchronously (so the first render and the
 * build-time first screen never wait); language.ts switches it once the chosen catalogs have loaded, and
 * areas.ts adds the other areas as the code that needs them loads.
 * React escapes what it renders, so i18next must not escape again.
 */
export const i18n: I18n = createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: englishFirstScreenCatalog } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // Keys are 'area.key', never 'namespace:key': naming the separator spares i18next its per-call guess
  // whether a key is a sentence (a regular expression run on every t() of every render).
  nsSeparator: false,
});
