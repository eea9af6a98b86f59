import { isBuiltIn, QUESTION_KINDS, type QuestionKind } from '@utsav/domain/checkout-questions';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import type { QuestionDraft } from './question-drafts';

const OWN_KINDS = QUESTION_KINDS.filter((kind) => !isBuiltIn(kind));

/** Catalog keys written out whole (the catalog test looks for each). */
const KIND_KEYS: Record<QuestionKind, string> = {
  phone: 'checkout-questions.editor.kinds.phone',
  'age-18': 'checkout-questions.editor.kinds.age-18',
  text: 'checkout-questions.editor.kinds.text',
  choice: 'checkout-questions.editor.kinds.choice',
  'yes-no': 'checkout-questions.editor.kinds.yes-no',
};
const FLAG_KEYS = {
  required: 'checkout-questions.editor.required',
  perTicket: 'checkout-questions.editor.perTicket',
} as const;

/** One question in the editor: its kind (own questions), its words in three languages, options, how it is asked. */
export function QuestionCard({
  draft,
  index,
  count,
  types,
  errors,
  disabled,
  onChange,
  onMove,
  onRemove,
}: {
  draft: QuestionDraft;
  index: number;
  count: number;
  types: readonly { id: string; name: string }[];
  /** The server's messages for this question, by field ('label', 'options', …). */
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (patch: Partial<QuestionDraft>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const number = index + 1;
  const id = (field: string) => `question-${draft.key}-${field}`;
  const kindName = (kind: QuestionKind) => t(KIND_KEYS[kind]);
  const toggleType = (typeId: string, on: boolean) =>
    onChange({
      ticketTypeIds: on
        ? [...draft.ticketTypeIds, typeId]
        : draft.ticketTypeIds.filter((chosen) => chosen !== typeId),
    });

  return (
    <li className="card grid gap-4 p-4" data-testid="question-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-gold-200">
          {t('checkout-questions.editor.question', { number })} · {kindName(draft.kind)}
        </h3>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            onClick={() => onMove(index - 1)}
            disabled={disabled || index === 0}
            aria-label={t('checkout-questions.editor.moveUp', { number })}
            icon={<ArrowUp aria-hidden="true" className="size-4" />}
          />
          <Button
            variant="ghost"
            onClick={() => onMove(index + 1)}
            disabled={disabled || index === count - 1}
            aria-label={t('checkout-questions.editor.moveDown', { number })}
            icon={<ArrowDown aria-hidden="true" className="size-4" />}
          />
          <Button
            variant="ghost"
            onClick={onRemove}
            disabled={disabled}
            aria-label={t('checkout-questions.editor.remove', { number })}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
          />
        </div>
      </div>
      {isBuiltIn(draft.kind) ? null : (
        <FormField id={id('kind')} label={t('checkout-questions.editor.kind')} error={errors.kind}>
          <select
            id={id('kind')}
            value={draft.kind}
            disabled={disabled}
            onChange={(changeEvent) => onChange({ kind: changeEvent.target.value as QuestionKind })}
            className={INPUT_CLASSES}
            {...fieldAria(id('kind'), errors.kind)}
          >
            {OWN_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindName(kind)}
              </option>
            ))}
          </select>
        </FormField>
      )}
      {(
        [
          ['label', 'checkout-questions.editor.label', true],
          ['labelHi', 'checkout-questions.editor.labelHi', false],
          ['labelGu', 'checkout-questions.editor.labelGu', false],
        ] as const
      ).map(([field, key, required]) => (
        <FormField key={field} id={id(field)} label={t(key)} error={errors[field]} required={required}>
          <input
            id={id(field)}
            value={draft[field]}
            disabled={disabled}
            maxLength={200}
            onChange={(changeEvent) => onChange({ [field]: changeEvent.target.value })}
            className={INPUT_CLASSES}
            {...fieldAria(id(field), errors[field])}
          />
        </FormField>
      ))}
      {draft.kind === 'choice' ? (
        <FormField id={id('options')} label={t('checkout-questions.editor.options')} error={errors.options}>
          <textarea
            id={id('options')}
            value={draft.optionsText}
            disabled={disabled}
            rows={4}
            onChange={(changeEvent) => onChange({ optionsText: changeEvent.target.value })}
            className={`${INPUT_CLASSES} py-2`}
            {...fieldAria(id('options'), errors.options)}
          />
        </FormField>
      ) : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(['required', 'perTicket'] as const).map((flag) => (
          <label key={flag} className="flex min-h-11 cursor-pointer items-center gap-2 text-cream">
            <input
              type="checkbox"
              checked={draft[flag]}
              disabled={disabled}
              onChange={(changeEvent) => onChange({ [flag]: changeEvent.target.checked })}
              className="size-5 accent-saffron-400"
            />
            {t(FLAG_KEYS[flag])}
          </label>
        ))}
      </div>
      {types.length > 1 ? (
        <fieldset
          className="grid min-w-0 gap-1"
          aria-describedby={errors.ticketTypeIds ? `${id('types')}-error` : undefined}
        >
          <legend className="mb-1 text-sm font-semibold text-cream">
            {t('checkout-questions.editor.types')}
          </legend>
          {types.map((type) => (
            <label
              key={type.id}
              className="flex min-h-11 cursor-pointer items-center gap-2 break-words text-maroon-50"
            >
              <input
                type="checkbox"
                checked={draft.ticketTypeIds.includes(type.id)}
                disabled={disabled}
                onChange={(changeEvent) => toggleType(type.id, changeEvent.target.checked)}
                className="size-5 shrink-0 accent-saffron-400"
              />
              {type.name}
            </label>
          ))}
          {errors.ticketTypeIds ? (
            <p id={`${id('types')}-error`} className="text-sm font-semibold text-rose-100">
              {errors.ticketTypeIds}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </li>
  );
}
