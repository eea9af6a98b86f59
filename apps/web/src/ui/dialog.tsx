import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Toaster } from 'sonner';
import { DIALOG_TOASTER_ID, TOASTER_PROPS } from './toast';

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside),
 * Escape closes it, and focus returns to whatever opened it. A dialog that must not be closed (a payment
 * being confirmed) passes dismissible={false}: no close button, Escape and the backdrop do nothing.
 * It carries its own toaster, because nothing outside the top layer can be drawn above a modal dialog.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  dismissible?: boolean;
}) {
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
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which <dialog> handles itself.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[min(100vw-1.5rem,34rem)] max-h-[calc(100dvh-1.5rem)] sm:max-h-[min(100dvh-1.5rem,44rem)] overflow-visible bg-transparent p-0 text-cream backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      <div className="card relative flex max-h-[calc(100dvh-1.5rem)] sm:max-h-[min(100dvh-1.5rem,44rem)] flex-col overflow-hidden bg-maroon-900">
        <div className="flex items-start justify-between gap-4 border-b border-gold-400/20 px-6 pt-6 pb-4">
          <div>
            <h2 id={titleId} className="font-display text-2xl text-gold-200">
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
              aria-label="Close dialog"
              className="-m-2 rounded-full p-2 text-maroon-100 hover:bg-maroon-800 hover:text-cream"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          ) : null}
        </div>
        <div className="overflow-y-auto px-6 py-5">{children}</div>
        {footer ? (
          <div className="flex flex-col-reverse gap-3 border-t border-gold-400/20 px-6 py-4 sm:flex-row sm:flex-wrap sm:justify-end [&>*]:w-full sm:[&>*]:w-auto">
            {footer}
          </div>
        ) : null}
      </div>
      <Toaster id={DIALOG_TOASTER_ID} {...TOASTER_PROPS} />
    </dialog>
  );
}
