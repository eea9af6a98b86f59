import { type ReactNode, useId } from 'react';
import { errorIdFor, FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { fieldId } from './ticket-type-values';

// Small pieces of the Ticket Types editor's form: a titled section, a switch-like checkbox with its hint, and
// the colour field (a picker and the same value as text, for a keyboard or a pasted #hex).

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card grid gap-5 p-5 sm:p-6">
      <h3 id={headingId} className="font-sans text-lg font-semibold text-gold-200">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function CheckField({
  path,
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  path: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const id = fieldId(path);
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={error ? errorIdFor(id) : undefined}
          className="mt-1 size-5 shrink-0 accent-saffron-400"
        />
        <span>
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

export function ColourField({
  label,
  pickLabel,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  pickLabel: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const id = fieldId('colour');
  const valid = /^#[0-9A-Fa-f]{6}$/.test(value);
  return (
    <FormField id={id} label={label} error={error}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={valid ? value : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          aria-label={pickLabel}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-gold-400/40 bg-maroon-950 p-1"
        />
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          className={`${INPUT_CLASSES} min-w-0 font-mono uppercase`}
          {...fieldAria(id, error)}
        />
      </div>
    </FormField>
  );
}
