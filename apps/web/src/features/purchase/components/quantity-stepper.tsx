import { Minus, Plus } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The typed text as a quantity, or null when it is not a whole number within 1..max. */
export function parseQuantity(text: string, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= 1 && value <= max ? value : null;
}

function clamp(value: number, max: number): number {
  return Math.min(Math.max(1, Math.round(value)), Math.max(1, max));
}

/**
 * − [ n ] + with a typed field. The field is a native number input, so it is a spinbutton to assistive tech
 * and Arrow Up/Down step it; anything typed outside 1..max is flagged and put right when the field is left.
 */
export function QuantityStepper({
  text,
  max,
  onTextChange,
  error,
  inputRef,
}: {
  text: string;
  max: number;
  onTextChange: (text: string) => void;
  error: string | null;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const current = parseQuantity(text, max);
  const step = (delta: number) => onTextChange(String(clamp((current ?? 1) + delta, max)));
  const buttonClass =
    'flex size-[52px] shrink-0 items-center justify-center rounded-full border border-gold-400/60 bg-maroon-950/60 text-gold-200 transition-colors hover:bg-maroon-800 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div>
      <label htmlFor={inputId} className="block font-semibold text-cream">
        {t('purchase.quantity.label')}
      </label>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          onClick={() => step(-1)}
          disabled={current !== null && current <= 1}
          aria-label={t('purchase.quantity.decrease')}
          aria-controls={inputId}
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <input
          ref={inputRef}
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onBlur={() => {
            if (parseQuantity(text, max) !== null) return;
            const typed = Number.parseInt(text, 10);
            onTextChange(String(clamp(Number.isNaN(typed) ? 1 : typed, max)));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="h-[52px] w-[4ch] min-w-14 rounded-xl border border-gold-400/50 bg-maroon-950 text-center text-xl font-bold text-cream [appearance:textfield] focus:border-saffron-300 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={buttonClass}
          onClick={() => step(1)}
          disabled={current !== null && current >= max}
          aria-label={t('purchase.quantity.increase')}
          aria-controls={inputId}
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
        <span className="text-sm text-maroon-200">{t('purchase.quantity.perOrder', { max })}</span>
      </div>
      <p
        id={errorId}
        className="mt-1.5 text-sm text-rose-200 empty:hidden"
        role={error ? 'alert' : undefined}
      >
        {error ?? ''}
      </p>
    </div>
  );
}
