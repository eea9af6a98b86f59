import { LANGUAGES, type Language } from '@utsav/domain/languages';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_EVENT } from '../../features/event/shown-event';
import { Hero } from '../../features/landing/components/hero';
import { FIRST_SCREEN_AREAS, loadAreaCatalog } from '../../lib/i18n/catalogs';
import { Intro } from './intro';

/** The id index.html's boot script and the React entry know the pre-rendered first screen by. */
export const STATIC_LANDING_ID = 'static-landing';

const noop = () => undefined;
const never = new Promise<void>(() => undefined);

async function firstScreenTranslator(language: Language) {
  const catalogs = await Promise.all(
    FIRST_SCREEN_AREAS.map(async (area) => [area, await loadAreaCatalog(language, area)] as const),
  );
  const translator = createInstance();
  await translator.init({
    lng: language,
    resources: { [language]: { translation: Object.fromEntries(catalogs) } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return translator;
}

async function renderLanguage(language: Language): Promise<string> {
  const translator = await firstScreenTranslator(language);
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={translator}>
      <div data-static-language={language} lang={language}>
        <div data-static-intro="" data-boot-tap="skip-intro">
          <Intro imagesReady={never} onDone={noop} />
        </div>
        <Hero
          preRendered
          event={DEFAULT_EVENT}
          loading
          viewer={{ kind: 'unknown' }}
          signingIn={false}
          onBook={noop}
          onSignIn={noop}
          onViewTickets={noop}
          onDashboard={noop}
        />
      </div>
    </I18nextProvider>,
    // Ids (the hero's title) stay unique with three screens in one document.
    { identifierPrefix: `static-${language}-` },
  );
  // React 19 puts preload links for the hero's images in front; index.html's head already has them.
  return markup.replace(/^(<link [^>]*\/>)+/, '');
}

/**
 * The landing page's first screen as HTML, rendered at build time (vite.config.ts) into index.html's #root
 * once per language, so a phone paints the hero (or the intro's cover) in its reader's language as soon as
 * the HTML and CSS arrive instead of after the JavaScript. Each is exactly React's first render on '/' in
 * that language: the intro before its first word, the hero with the default event, skeleton details and
 * the one booking button of an account not yet known. React replaces it on its first commit (createRoot),
 * so there is nothing to hydrate and nothing can mismatch. index.html's boot script picks the language
 * (<html lang>) and hides the rest: the other languages, all of it off '/', the cover when the intro will
 * not play.
 */
export async function renderStaticLanding(): Promise<string> {
  const screens = await Promise.all(LANGUAGES.map(renderLanguage));
  return `<div id="${STATIC_LANDING_ID}">${screens.join('')}</div>`;
}
