/**
 * What a tap on a pre-rendered first screen asked for (index.html's boot script records it): the landing
 * page's 'Book' or scroll chevron, the scanner's Start Camera.
 */
export type BootTap = 'book' | 'about' | 'start-camera';

/**
 * The tap made on the pre-rendered first screen before React replaced it, if any, taken once: index.html's
 * boot script records it on <html data-boot-tap> (and shows the control busy) and the page it was made on
 * replays it on mount (the landing page, the scanner), so no tap made while the app's scripts load is
 * silently lost.
 */
export function takeBootTap(): BootTap | null {
  const root = document.documentElement;
  const tap = root.getAttribute('data-boot-tap');
  root.removeAttribute('data-boot-tap');
  return tap === 'book' || tap === 'about' || tap === 'start-camera' ? tap : null;
}
