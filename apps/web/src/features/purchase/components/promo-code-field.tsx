import { PROMO_CODE_MAX_LENGTH } from '@utsav/domain/promo-codes';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { INPUT_CLASSES } from '../../../ui/form-field';
import type { AppliedCode } from '../hooks/use-promo-code';

// The purchase dialog's promo or access code: typed, applied (the answer comes at once, in the reader's language
// from the server), and removable. Signed-out guests are asked to sign in when they apply, since codes are
// checked per person.

function CodeAnswer({ applied, error }: { applied: AppliedCode | null; error: string | null }) {
  if (error) {
    return (
      <p role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm font-semibold text-rose-200">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{error}</span>
      </p>
    );
  }
  if (!applied) return null;
  const tone = applied.answer.valid ? 'text-emerald-300' : 'text-rose-200';
  return (
    <p
      role={applied.answer.valid ? 'status' : 'alert'}
      className={`mt-1.5 flex items-start gap-1.5 text-sm font-semibold ${tone}`}
    >
      {applied.answer.valid ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      ) : (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      )}
      <span>{applied.answer.message}</span>
    </p>
  );
}

export function PromoCodeField({
  text,
  onTextChange,
  applied,
  error,
  checking,
  signedIn,
  onApply,
  onRemove,
}: {
  text: string;
  onTextChange: (text: string) => void;
  applied: AppliedCode | null;
  error: string | null;
  checking: boolean;
  signedIn: boolean;
  onApply: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const inUse = applied?.answer.valid === true;

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply();
  }

  return (
    // A form of its own, so Enter in the field applies the code rather than anything else in the dialog.
    <form onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="block font-semibold text-cream">
        {t('purchase.code.label')}
      </label>
      <div className="mt-1.5 flex flex-wrap gap-2">
        <input
          id={inputId}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          readOnly={inUse}
          maxLength={PROMO_CODE_MAX_LENGTH + 4}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={signedIn ? undefined : hintId}
          aria-invalid={error || (applied && !applied.answer.valid) ? true : undefined}
          className={`${INPUT_CLASSES} min-w-0 flex-1 basis-36 uppercase placeholder:normal-case read-only:opacity-80`}
        />
        {inUse ? (
          <Button
            type="button"
            variant="secondary"
            onClick={onRemove}
            icon={<X aria-hidden="true" className="size-4" />}
          >
            {t('purchase.code.remove')}
          </Button>
        ) : (
          <Button type="submit" variant="secondary" loading={checking}>
            {t('purchase.code.apply')}
          </Button>
        )}
      </div>
      {signedIn ? null : (
        <p id={hintId} className="mt-1 text-xs text-maroon-200">
          {t('purchase.code.signInHint')}
        </p>
      )}
      <CodeAnswer applied={applied} error={error} />
    </form>
  );
}
