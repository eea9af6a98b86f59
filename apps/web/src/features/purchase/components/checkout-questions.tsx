import { ANSWER_TEXT_MAX } from '@utsav/domain/checkout-answers';
import { CircleAlert, MessageCircleQuestion } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorIdFor, hintIdFor, INPUT_CLASSES } from '../../../ui/form-field';
import type { AskedField } from '../checkout/checkout-answers';
import type { CheckoutAnswersState } from '../hooks/use-checkout-answers';

// The organiser's questions in the purchase dialog's order summary: each once for the order, or once per ticket it
// applies to. Every control has its label, says when it is required, and carries its error (aria-invalid, tied by
// aria-describedby); after a refused check the first refused field takes the focus.

export function CheckoutQuestions({
  answers,
  names,
}: {
  answers: CheckoutAnswersState;
  /** Who each ticket is for, as typed so far: a per-ticket field names its ticket's holder. */
  names: readonly string[];
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const idOf = (field: string) => fieldId(baseId, field);
  const { firstInvalid } = answers;

  useEffect(() => {
    if (firstInvalid) document.getElementById(fieldId(baseId, firstInvalid.field))?.focus();
  }, [firstInvalid, baseId]);

  if (answers.groups.length === 0) return null;
  return (
    <section
      aria-labelledby={`${baseId}-title`}
      className="grid gap-3 rounded-xl border border-gold-400/30 bg-maroon-950/40 px-4 py-3 text-sm"
      data-testid="checkout-questions"
    >
      <h3 id={`${baseId}-title`} className="flex items-center gap-2 font-semibold text-cream">
        <MessageCircleQuestion aria-hidden="true" className="size-4 shrink-0 text-gold-300" />
        {t('checkout-questions.dialog.title')}
      </h3>
      {answers.groups.map(({ question, fields }) =>
        fields.length === 1 && fields[0]?.ticketIndex === null ? (
          <AnswerField key={question.id} field={fields[0]} id={idOf(fields[0].field)} answers={answers} />
        ) : (
          <fieldset key={question.id} className="grid min-w-0 gap-2">
            <legend className="mb-1 font-semibold break-words text-maroon-50">
              {question.label} <RequiredMark required={question.required} />
            </legend>
            {fields.map((field) => (
              <AnswerField
                key={field.field}
                field={field}
                id={idOf(field.field)}
                answers={answers}
                ticketLabel={ticketLabel(field, names, t)}
              />
            ))}
          </fieldset>
        ),
      )}
    </section>
  );
}

/** Catalog keys written out whole (the catalog test looks for each). */
const WORD_KEYS = { yes: 'checkout-questions.dialog.yes', no: 'checkout-questions.dialog.no' } as const;

function fieldId(baseId: string, field: string): string {
  return `${baseId}-${field.replace(/[^\w-]/g, '_')}`;
}

function ticketLabel(
  field: AskedField,
  names: readonly string[],
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  const number = (field.ticketIndex ?? 0) + 1;
  const name = names[field.ticketIndex ?? 0]?.trim();
  return name
    ? t('checkout-questions.dialog.forTicketNamed', { number, name })
    : t('checkout-questions.dialog.forTicket', { number });
}

function RequiredMark({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="font-normal text-maroon-200">
      {required ? t('checkout-questions.dialog.required') : t('checkout-questions.dialog.optional')}
    </span>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p
      id={errorIdFor(id)}
      className="mt-1 flex items-start gap-1.5 rounded-lg bg-rose-950/70 px-2 py-1.5 font-semibold text-rose-100"
      data-testid="answer-error"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{error}</span>
    </p>
  );
}

/** One answer: a label (the question, or its ticket inside a per-ticket question), the control, its error. */
function AnswerField({
  field,
  id,
  answers,
  ticketLabel,
}: {
  field: AskedField;
  id: string;
  answers: CheckoutAnswersState;
  ticketLabel?: string;
}) {
  const { t } = useTranslation();
  const { question } = field;
  const error = answers.errors[field.field];
  const value = answers.values[field.field];
  const hint = question.kind === 'phone';
  const describedBy = [hint ? hintIdFor(id) : null, error ? errorIdFor(id) : null].filter(Boolean).join(' ');
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': question.required || undefined,
  } as const;
  const set = (next: string | boolean) => answers.setValue(field.field, next);
  const label = ticketLabel ?? (
    <>
      {question.label} <RequiredMark required={question.required} />
    </>
  );

  if (question.kind === 'age-18') {
    return (
      <div>
        <label className="flex cursor-pointer items-start gap-3 break-words text-maroon-50">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(changeEvent) => set(changeEvent.target.checked)}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-saffron-400"
            {...aria}
          />
          <span>{ticketLabel ? `${ticketLabel}: ${question.label}` : label}</span>
        </label>
        <FieldError id={id} error={error} />
      </div>
    );
  }

  if (question.kind === 'yes-no') {
    return (
      <div role="radiogroup" aria-labelledby={`${id}-label`} {...aria}>
        <p id={`${id}-label`} className="mb-1 font-semibold break-words text-maroon-50">
          {label}
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {(['yes', 'no'] as const).map((word, index) => (
            <label key={word} className="flex min-h-11 cursor-pointer items-center gap-2 text-maroon-50">
              <input
                id={index === 0 ? id : undefined}
                type="radio"
                name={id}
                checked={value === (word === 'yes')}
                onChange={() => set(word === 'yes')}
                className="size-5 accent-saffron-400"
              />
              {t(WORD_KEYS[word])}
            </label>
          ))}
        </div>
        <FieldError id={id} error={error} />
      </div>
    );
  }

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block font-semibold break-words text-maroon-50">
        {label}
      </label>
      {question.kind === 'choice' ? (
        <select
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(changeEvent) => set(changeEvent.target.value)}
          className={INPUT_CLASSES}
          {...aria}
        >
          <option value="">{t('checkout-questions.dialog.choose')}</option>
          {(question.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={question.kind === 'phone' ? 'tel' : 'text'}
          inputMode={question.kind === 'phone' ? 'tel' : undefined}
          autoComplete={question.kind === 'phone' ? 'tel' : 'off'}
          value={typeof value === 'string' ? value : ''}
          onChange={(changeEvent) => set(changeEvent.target.value)}
          maxLength={question.kind === 'phone' ? 20 : ANSWER_TEXT_MAX}
          className={INPUT_CLASSES}
          {...aria}
        />
      )}
      {hint ? (
        <p id={hintIdFor(id)} className="mt-1 text-xs text-maroon-200">
          {t('checkout-questions.dialog.phoneHint')}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
