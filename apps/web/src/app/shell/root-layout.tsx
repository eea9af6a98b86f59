import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AuthErrorBanner } from '../../features/auth/components/auth-error-banner';
import { HERO_IMAGES } from '../../features/landing/assets/hero-images';
import { Header } from './header';
import { Intro, preloadImages, shouldPlayIntro } from './intro';
import { SiteFooter } from './site-footer';
import { takeOverStaticPageOff } from './static-page';

// Decided once per page load (not in a component), so StrictMode's double render cannot consume it.
const PLAY_INTRO = shouldPlayIntro();
// Only the intro waits for the hero's pictures. Elsewhere (My Tickets, the scanner) each would be an SVG
// document parsed on the main thread while the page starts, for a picture nobody is shown.
const heroImagesReady = PLAY_INTRO
  ? preloadImages([HERO_IMAGES.mandala, HERO_IMAGES.lanterns])
  : Promise.resolve();

function ScrollToTopOnRouteChange() {
  const { pathname } = useLocation();
  // A start page's pre-rendered first screen (its own document's) goes when the app settles on another address.
  useLayoutEffect(() => takeOverStaticPageOff(pathname), [pathname]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect exists to run on every path change.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
  }, [pathname]);
  return null;
}

/** A thin saffron bar while a lazily loaded page is on its way. */
function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('shell.loadingPage')}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-shimmer bg-gradient-to-r from-saffron-400 via-gold-300 to-saffron-400"
    />
  );
}

export function RootLayout() {
  const { t } = useTranslation();
  const [intro, setIntro] = useState(PLAY_INTRO);
  const endIntro = useCallback(() => setIntro(false), []);
  // The @container lets pages ask what the header asks, whether the app is narrower than one header row
  // (`@max-header-row:`, styles.css), so their top padding follows the header's real height.
  return (
    <div className="@container">
      <a
        href="#main"
        className="fixed top-2 left-2 z-[70] -translate-y-20 rounded-full bg-cream px-4 py-2 font-semibold text-ink focus:translate-y-0"
      >
        {t('shell.skipToContent')}
      </a>
      <ScrollToTopOnRouteChange />
      <NavigationProgress />
      <Header />
      <AuthErrorBanner />
      <main id="main" tabIndex={-1} className="min-h-dvh outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      {intro ? <Intro imagesReady={heroImagesReady} onDone={endIntro} /> : null}
    </div>
  );
}
