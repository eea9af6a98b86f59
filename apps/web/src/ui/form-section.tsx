import { type ReactNode, useId } from 'react';
import { errorIdFor } from './form-field';

/** A titled card of a long form (the event, the organiser, the tax settings): its heading names the group. */
export function FormSection({
  title,
  children,
  level = 2,
}: {
  title: string;
  children: ReactNode;
  level?: 2 | 3;
}) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="card grid grid-cols-1 gap-5 p-5 sm:p-6">
      <Heading id={headingId} className="font-sans text-lg font-semibold text-gold-200">
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A switch-like checkbox with its hint under the label, and its error announced when it appears. */
export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdFor(id) : undefined}
          className="mt-1 size-5 shrink-0 accent-saffron-400"
        />
        <span className="min-w-0">
          <span className="block font-semibold text-cream">{label}</span>
          <span className="block text-sm text-maroon-100">{hint}</span>
        </span>
      </label>
      {error ? (
        <p id={errorIdFor(id)} role="alert" className="mt-1 text-sm font-semibold text-rose-100">
          {error}
        </p>
      ) : null}
    </div>
  );
}
