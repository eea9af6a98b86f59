import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** Input, select and textarea look alike everywhere (cream on maroon, saffron focus ring). */
export const INPUT_CLASSES =
  'min-h-11 w-full rounded-xl border border-gold-400/40 bg-maroon-950 px-3 text-cream placeholder:text-maroon-300 focus:border-saffron-300 focus:outline-none aria-[invalid=true]:border-rose-300 disabled:opacity-60';

/** id of a field's error message, for aria-describedby. */
export const errorIdFor = (id: string) => `${id}-error`;
export const hintIdFor = (id: string) => `${id}-hint`;

/** Label, control, hint and the field's error under it (announced when it appears). */
export function FormField({
  id,
  label,
  error,
  hint,
  required = false,
  children,
  className = '',
}: {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-cream">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-saffron-300">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={hintIdFor(id)} className="mt-1 text-xs text-maroon-200">
          {hint}
        </p>
      ) : null}
      {error ? (
        // Not a hint: its own colour, weight, background and icon, and announced when it appears.
        <p
          id={errorIdFor(id)}
          role="alert"
          className="mt-1.5 flex items-start gap-1.5 rounded-lg bg-rose-950/70 px-2 py-1.5 text-sm font-semibold text-rose-100"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes tying a control to its FormField's hint and error. */
export function fieldAria(id: string, error: string | null | undefined, hint = false) {
  const describedBy = [hint ? hintIdFor(id) : null, error ? errorIdFor(id) : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
