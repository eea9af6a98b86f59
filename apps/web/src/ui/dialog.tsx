import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { DIALOG_TOASTER_ID, TOASTER_PROPS } from './toast';

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside),
 * Escape closes it, and focus returns to whatever opened it. A dialog that must not be closed (a payment
 * being confirmed) passes dismissible={false}: no close button, Escape and the backdrop do nothing.
 * On a phone (below the sm breakpoint) it fills the screen: with large text a floating box would leave
 * room for a few words a line (WCAG 1.4.10 reflow). It carries its own toaster, because nothing outside the top layer can be drawn above a modal dialog.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last. A modal <dialog>
 * keeps focus out of the page, but Chromium still gives the browser's own UI a Tab stop between the
 * last control and the first (the document body to a keyboard user and a screen reader).
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogLabels {
  /** The dialog's close button. */
  close: string;
  /** The dialog's own toast region. */
  notifications: string;
  /** A toast's close button. */
  closeToast: string;
}

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
  labels,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  dismissible?: boolean;
  /** The names of the dialog's own controls, when the caller's catalog has its own; else the shell's. */
  labels?: DialogLabels;
}) {
  const { t } = useTranslation();
  const names: DialogLabels = labels ?? {
    close: t('shell.dialog.close'),
    notifications: t('shell.dialog.notifications'),
    closeToast: t('shell.dialog.closeToast'),
  };
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.documentElement.style.overflow;
    if (!dialog.open) dialog.showModal();
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.documentElement.style.overflow = overflow;
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  return (
    // The backdrop click mirrors Escape, which <dialog> handles itself; the key handler keeps Tab inside.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onKeyDown={keepTabInside}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-dvh w-full max-w-full overflow-visible bg-transparent p-0 text-cream backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:m-auto sm:h-auto sm:max-h-[min(100dvh-1.5rem,44rem)] sm:w-[min(100vw-1.5rem,34rem)]"
    >
      <div className="card relative flex h-full max-h-dvh flex-col overflow-hidden rounded-none border-x-0 bg-maroon-900 sm:h-auto sm:max-h-[min(100dvh-1.5rem,44rem)] sm:rounded-[1.25rem] sm:border-x">
        <div className="flex items-start justify-between gap-4 border-b border-gold-400/20 px-4 pt-5 pb-4 sm:px-6 sm:pt-6">
          <div className="min-w-0">
            <h2 id={titleId} className="font-display text-2xl break-words text-gold-200">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="mt-1 text-sm text-maroon-100">
                {description}
              </div>
            ) : null}
          </div>
          {dismissible ? (
            <button
              type="button"
              onClick={onClose}
              aria-label={names.close}
              className="-m-2 rounded-full p-2 text-maroon-100 hover:bg-maroon-800 hover:text-cream"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          ) : null}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:flex-none sm:px-6">{children}</div>
        {footer ? (
          <div className="flex flex-col-reverse gap-3 border-t border-gold-400/20 px-4 py-4 sm:flex-row sm:px-6 sm:flex-wrap sm:justify-end [&>*]:w-full sm:[&>*]:w-auto">
            {footer}
          </div>
        ) : null}
      </div>
      <Toaster
        id={DIALOG_TOASTER_ID}
        {...TOASTER_PROPS}
        customAriaLabel={names.notifications}
        toastOptions={{ closeButtonAriaLabel: names.closeToast }}
      />
    </dialog>
  );
}
