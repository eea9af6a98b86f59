// Scrolling helpers shared by the header, footer and dashboards.

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/**
 * Scroll to an element by id. Sections above it may still be loading (they render when near the
 * viewport), which can move the target; one follow-up scroll settles it where it ended up.
 */
export function scrollToSection(id: string, attempts = 10): void {
  const element = document.getElementById(id);
  if (!element) {
    if (attempts > 0) setTimeout(() => scrollToSection(id, attempts - 1), 150);
    return;
  }
  const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
  element.scrollIntoView({ behavior, block: 'start' });
  setTimeout(() => {
    const top = element.getBoundingClientRect().top;
    if (Math.abs(top - 80) > 40) element.scrollIntoView({ behavior: 'auto', block: 'start' });
  }, 700);
}
