// Scrolling helpers shared by the header, footer and dashboards.

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/** How long a section may take to appear: a lazy chunk on a cheap phone on a bad network. */
const APPEAR_WITHIN_MS = 20_000;
/** The section is held in place until the page above it has not changed size for this long. */
const SETTLED_AFTER_MS = 1_500;
/** Where a scrolled-to section's top lands (its scroll-mt-24 margin) and how far off still counts as there. */
const LANDING_TOP_PX = 96;
const CLOSE_ENOUGH_PX = 40;
const PERSON_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to the element with this id, waiting for it to appear, then keeps it where it landed while the
 * sections above it are still drawing (lazy sections, pictures and lists arriving move it down). Both waits
 * are on what the page does, not on a fixed delay, so a slow phone gets there too. It lets go the moment the
 * person scrolls, taps or types, once the page has settled, or when cancelled (the returned function).
 */
export function scrollToSection(id: string): () => void {
  let done = false;
  const cleanups: Array<() => void> = [];
  const finish = () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const later = (ms: number, run: () => void) => {
    const timer = window.setTimeout(run, ms);
    cleanups.push(() => window.clearTimeout(timer));
    return timer;
  };

  const hold = (element: HTMLElement) => {
    element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    let settled = later(SETTLED_AFTER_MS, finish);
    const realign = () => {
      window.clearTimeout(settled);
      settled = later(SETTLED_AFTER_MS, finish);
      const top = element.getBoundingClientRect().top;
      if (Math.abs(top - LANDING_TOP_PX) > CLOSE_ENOUGH_PX)
        element.scrollIntoView({ behavior: 'auto', block: 'start' });
    };
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(realign);
      observer.observe(document.body);
      cleanups.push(() => observer.disconnect());
    }
    for (const move of PERSON_MOVES) {
      window.addEventListener(move, finish, { passive: true, once: true });
      cleanups.push(() => window.removeEventListener(move, finish));
    }
  };

  const found = document.getElementById(id);
  if (found) {
    hold(found);
    return finish;
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    observer.disconnect();
    hold(element);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  cleanups.push(() => observer.disconnect());
  later(APPEAR_WITHIN_MS, finish);
  return finish;
}
