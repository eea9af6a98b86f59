import {
  HERO_PRELOAD_MAX_MS,
  INTRO_APP_DELAY_MS,
  INTRO_FADE_MS,
  INTRO_FIRST_WORD_MS,
  INTRO_HOLD_MS,
  INTRO_WORD_INTERVAL_MS,
} from '@utsav/domain/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Whether the intro plays: on the first landing-page visit of a browser session, never under reduced
 * motion. index.html's boot script decides it before the first paint (the pre-rendered cover must agree
 * with the app) and records it on <html data-intro>.
 */
export function shouldPlayIntro(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.intro === 'play';
}

/** Resolves when every image has loaded (or failed), or after HERO_PRELOAD_MAX_MS, whichever is first. */
export function preloadImages(urls: readonly string[]): Promise<void> {
  const loads = urls.map(
    (url) =>
      new Promise<void>((resolve) => {
        const image = new Image();
        image.decoding = 'async';
        image.onload = () => resolve();
        image.onerror = () => resolve();
        image.src = url;
      }),
  );
  return Promise.race([
    Promise.all(loads).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, HERO_PRELOAD_MAX_MS)),
  ]);
}

type Phase = 'words' | 'fading' | 'done';

/**
 * Full-screen title revealed one word at a time (first after 0.5 s, then every 0.8 s), held 1 s after the
 * last word, faded over 0.8 s; the overlay leaves 100 ms later. It is drawn over the landing page, which
 * has already rendered and fetched underneath, so it never delays the page itself. Click or Escape skips.
 */
export function Intro({ imagesReady, onDone }: { imagesReady: Promise<void>; onDone: () => void }) {
  const [phase, setPhase] = useState<Phase>('words');
  const { t } = useTranslation();
  // The title is one sentence in the catalog; it is split only to reveal it word by word.
  const words = t('landing.hero.intro').split(' ');
  const wordCount = words.length;

  // The words appear by CSS animation (styles.css, .intro-word), each with its own delay: no render and no
  // main-thread work per word, on the compositor only (opacity and transform). React renders the overlay
  // once and once more to fade it.
  useEffect(() => {
    // A tap on the pre-rendered cover, before the app replaced it, skipped the intro (index.html's boot script).
    if (!shouldPlayIntro()) {
      onDone();
      return;
    }
    const timers: ReturnType<typeof setTimeout>[] = [];
    const lastWordAt = INTRO_FIRST_WORD_MS + (wordCount - 1) * INTRO_WORD_INTERVAL_MS;
    let cancelled = false;
    const held = new Promise<void>((resolve) => timers.push(setTimeout(resolve, lastWordAt + INTRO_HOLD_MS)));
    Promise.all([held, imagesReady]).then(() => {
      if (!cancelled) setPhase('fading');
    });
    return () => {
      cancelled = true;
      for (const timer of timers) clearTimeout(timer);
    };
  }, [imagesReady, wordCount, onDone]);

  useEffect(() => {
    if (phase !== 'fading') return;
    const timer = setTimeout(() => {
      setPhase('done');
      onDone();
    }, INTRO_FADE_MS + INTRO_APP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, onDone]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') onDone();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDone]);

  if (phase === 'done') return null;

  return (
    <div
      aria-hidden="true"
      onClick={onDone}
      className="fixed inset-0 z-[100] flex items-center justify-center bg-maroon-950 px-6 transition-opacity ease-out"
      style={{ opacity: phase === 'fading' ? 0 : 1, transitionDuration: `${INTRO_FADE_MS}ms` }}
    >
      <div className="absolute inset-0 bg-[radial-gradient(60%_45%_at_50%_50%,rgb(204_109_0/0.3),transparent_70%)]" />
      <p className="relative flex max-w-4xl flex-wrap items-baseline justify-center gap-x-4 gap-y-2 text-center font-display text-5xl font-bold text-gold-200 sm:text-7xl">
        {words.map((word, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a word's place is its identity (words may repeat)
            key={index}
            className="intro-word"
            style={{ animationDelay: `${INTRO_FIRST_WORD_MS + index * INTRO_WORD_INTERVAL_MS}ms` }}
          >
            {word}
          </span>
        ))}
      </p>
    </div>
  );
}
