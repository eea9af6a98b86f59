/** What a tap on the pre-rendered landing screen asked for (index.html's boot script records it). */
export type BootTap = 'book' | 'about';

/**
 * The tap made on the pre-rendered first screen before React replaced it, if any, taken once: index.html's
 * boot script records it on <html data-boot-tap> (and shows the control busy) and the landing page replays
 * it on mount, so no tap made while the app's scripts load is silently lost.
 */
export function takeBootTap(): BootTap | null {
  const root = document.documentElement;
  const tap = root.getAttribute('data-boot-tap');
  root.removeAttribute('data-boot-tap');
  return tap === 'book' || tap === 'about' ? tap : null;
}
