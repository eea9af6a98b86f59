import type { ReactNode } from 'react';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { CheckboxField, FormSection as SharedSection } from '../../../../ui/form-section';
import { fieldId } from './ticket-type-values';

// Small pieces of the Ticket Types editor's form: a titled section, a switch-like checkbox with its hint, and
// the colour field (a picker and the same value as text, for a keyboard or a pasted #hex).

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SharedSection title={title} level={3}>
      {children}
    </SharedSection>
  );
}

export function CheckField({
  path,
  ...field
}: {
  path: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  return <CheckboxField id={fieldId(path)} {...field} />;
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
