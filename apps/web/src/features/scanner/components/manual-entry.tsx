import { Keyboard } from 'lucide-react';
import { type FormEvent, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';

interface ManualEntryProps {
  /** Checks a full ticket code (the text inside the QR). */
  onSubmit(code: string): Promise<void>;
  /** Says why text that is not a ticket code cannot admit anyone; null when it looks like a code. */
  explain(text: string): string | null;
  busy: boolean;
  /** What the first tap found, waiting for the second (AdmitConfirm). */
  children?: ReactNode;
  /** The code field, for the page to put focus back on it once an admission is settled. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * For a QR the camera cannot read (cracked screen, smudged print): the volunteer types or pastes the code
 * printed under the QR. A keyboard-wedge barcode reader "types" into this field too.
 */
export function ManualEntry({ onSubmit, explain, busy, children, inputRef }: ManualEntryProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    const why = explain(text);
    setHint(why);
    if (why) return;
    await onSubmit(text);
    setValue('');
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="card p-4">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-gold-200">
        {t('scanner.manual.title')}
      </h2>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm text-maroon-100">
          {t('scanner.manual.label')}
        </label>
        {/* The button goes under the field when large text leaves no room beside it. */}
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={inputId}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setHint(null);
            }}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            aria-describedby={hint ? hintId : undefined}
            aria-invalid={hint ? true : undefined}
            placeholder="UT-XXXXXXXXXX"
            className="min-h-12 min-w-0 flex-[1_1_10rem] rounded-xl border border-gold-400/40 bg-maroon-950 px-3 font-mono text-cream placeholder:text-maroon-300 focus:border-saffron-300 focus:outline-none"
          />
          <Button type="submit" loading={busy} icon={<Keyboard aria-hidden="true" className="size-4" />}>
            {t('scanner.manual.check')}
          </Button>
        </div>
        {hint && (
          <p
            id={hintId}
            role="alert"
            className="rounded-lg bg-amber-300 px-3 py-2 text-sm font-medium text-ink"
          >
            {hint}
          </p>
        )}
      </form>
      {children ? <div className="mt-3">{children}</div> : null}
    </section>
  );
}
