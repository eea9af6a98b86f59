import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_EVENT } from '../../features/event/types';
import { Hero } from '../../features/landing/components/hero';
import { Intro } from './intro';

/** The id index.html's boot script and the React entry know the pre-rendered first screen by. */
export const STATIC_LANDING_ID = 'static-landing';

const noop = () => undefined;
const never = new Promise<void>(() => undefined);

/**
 * The landing page's first screen as HTML, rendered at build time (vite.config.ts) into index.html's #root,
 * so a phone paints the hero (or the intro's cover) as soon as the HTML and CSS arrive instead of after
 * the JavaScript. It is exactly React's first render on '/': the intro before its first word, the hero
 * with the default event, skeleton details and the one booking button of an account not yet known. React
 * replaces it on its first commit (createRoot), so there is nothing to hydrate and nothing can mismatch.
 * index.html's boot script hides the parts that do not apply: all of it off '/', the cover when the
 * intro will not play.
 */
export function renderStaticLanding(): string {
  const markup = renderToStaticMarkup(
    <div id={STATIC_LANDING_ID}>
      <div data-static-intro="">
        <Intro imagesReady={never} onDone={noop} />
      </div>
      <Hero
        event={DEFAULT_EVENT}
        loading
        viewer={{ kind: 'unknown' }}
        signingIn={false}
        onBook={noop}
        onSignIn={noop}
        onViewTickets={noop}
        onDashboard={noop}
      />
    </div>,
  );
  // React 19 puts preload links for the hero's images in front; index.html's head already has them.
  return markup.replace(/^(<link [^>]*\/>)+/, '');
}
