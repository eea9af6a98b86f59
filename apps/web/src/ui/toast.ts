import { TOAST_MS } from '@utsav/domain/constants';
import type { ExternalToast } from 'sonner';

/** The toaster a modal dialog carries inside itself (see ui/dialog.tsx). */
export const DIALOG_TOASTER_ID = 'dialog';

/** Settings shared by the page's toaster and a dialog's: dark, top right, closing after 5 s (docs/product.md#shell). */
export const TOASTER_PROPS = {
  theme: 'dark',
  position: 'top-right',
  duration: TOAST_MS,
  closeButton: true,
  richColors: true,
  // Sonner sets its own system font stack on the toaster; ours carries the Devanagari and Gujarati faces,
  // without which a Hindi or Gujarati toast is drawn as empty boxes on a phone that lacks the script.
  style: { fontFamily: 'var(--font-sans)' },
  // Every language of the app is written left to right. Without it sonner asks the page for its computed
  // direction on every render of a toaster, which forces the page's style inside the app's first render
  // (decision 1125).
  dir: 'ltr',
} as const;

/**
 * Options that route a toast to where the person can see it. A modal <dialog> sits in the browser's top
 * layer, above any z-index, so a toast raised while one is open would be drawn under its backdrop; it goes
 * to the toaster inside that dialog instead.
 */
export function toastTarget(options: ExternalToast = {}): ExternalToast {
  const modalOpen = typeof document !== 'undefined' && document.querySelector('dialog[open]') !== null;
  return modalOpen ? { ...options, toasterId: DIALOG_TOASTER_ID } : options;
}
