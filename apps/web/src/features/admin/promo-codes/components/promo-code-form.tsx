import type { AdminPromoCode } from '@utsav/domain/api/promo-codes';
import { PROMO_CODE_MAX_LENGTH, PROMO_KINDS, type PromoKind } from '@utsav/domain/promo-codes';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { errorIdFor, FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { toastTarget } from '../../../../ui/toast';
import { useSavePromoCode } from '../api/save-promo-code';
import { useCodeMessage } from './promo-code-messages';
import {
  CODE_FIELDS,
  type CodeErrors,
  type CodeValues,
  codeBody,
  codeFieldId,
  codeValues,
  mapCodeErrors,
  newCodeValues,
  validateCode,
} from './promo-code-values';

/** A ticket type a code may name, as the page passes them in (the ticket types feature reads them). */
export interface CodeTicketType {
  id: string;
  name: string;
  hidden: boolean;
}

type TextField = Exclude<keyof CodeValues, 'kind' | 'ticketTypeIds' | 'active'>;

const KIND_LABELS: Record<PromoKind, string> = {
  percent: 'admin-promo-codes.kind.percent',
  amount: 'admin-promo-codes.kind.amount',
  unlock: 'admin-promo-codes.kind.unlock',
};

function TypeChoice({
  types,
  chosen,
  onChange,
  error,
}: {
  types: readonly CodeTicketType[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const id = codeFieldId('ticketTypeIds');
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={error ? errorIdFor(id) : undefined}
      className="grid gap-2"
    >
      <legend className="mb-1.5 text-sm font-semibold text-cream">{t('admin-promo-codes.form.types')}</legend>
      <p className="text-xs text-maroon-200">{t('admin-promo-codes.form.typesHint')}</p>
      {types.map((type) => (
        <label key={type.id} className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            checked={chosen.includes(type.id)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...chosen, type.id] : chosen.filter((item) => item !== type.id),
              )
            }
            className="size-5 shrink-0 accent-saffron-400"
          />
          <span className="text-cream">
            {type.name}
            {type.hidden ? (
              <span className="ml-1.5 text-sm text-maroon-200">
                ({t('admin-promo-codes.form.hiddenType')})
              </span>
            ) : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorIdFor(id)} role="alert" className="text-sm font-semibold text-rose-100">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Add or edit one promo or access code, checked field by field by the server's own schema. */
export function PromoCodeForm({
  code,
  types,
  onSaved,
  onCancel,
}: {
  code: AdminPromoCode | null;
  types: readonly CodeTicketType[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const message = useCodeMessage();
  const save = useSavePromoCode();
  const [values, setValues] = useState<CodeValues>(() => (code ? codeValues(code) : newCodeValues()));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<CodeErrors>({});
  const validation = useMemo(() => validateCode(values), [values]);
  const schemaErrors: CodeErrors = validation.ok ? {} : validation.errors;

  const errorOf = (field: string) =>
    message(serverErrors[field] ?? (submitted || touched.has(field) ? schemaErrors[field] : undefined));
  const change = (next: Partial<CodeValues>) => {
    setValues((current) => ({ ...current, ...next }));
    const cleared = Object.keys(next);
    if (cleared.some((field) => serverErrors[field]))
      setServerErrors(
        Object.fromEntries(Object.entries(serverErrors).filter(([field]) => !cleared.includes(field))),
      );
  };
  const input = (field: TextField, extra: Record<string, string> = {}) => {
    const id = codeFieldId(field);
    return {
      id,
      value: values[field],
      onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }),
      onBlur: () => setTouched((current) => new Set(current).add(field)),
      className: INPUT_CLASSES,
      ...fieldAria(id, errorOf(field)),
      ...extra,
    };
  };

  function focusFirst(errors: CodeErrors) {
    const first = CODE_FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(codeFieldId(first))?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!validation.ok) {
      toast.error(t('admin-promo-codes.form.fixErrors'), toastTarget());
      focusFirst(validation.errors);
      return;
    }
    save.mutate(
      { id: code?.id ?? null, code: codeBody(values) },
      {
        onSuccess: (saved) => {
          toast.success(t('admin-promo-codes.toast.saved', { code: saved.code }), toastTarget());
          onSaved();
        },
        onError: (error) => {
          const details = error instanceof ApiError ? (error.details ?? []) : [];
          if (details.length > 0) {
            const mapped = mapCodeErrors(details);
            setServerErrors(mapped);
            toast.error(t('admin-promo-codes.form.fixErrors'), toastTarget());
            focusFirst(mapped);
          } else
            toast.error(
              t('admin-promo-codes.toast.saveFailed', { reason: errorMessage(error) }),
              toastTarget(),
            );
        },
      },
    );
  }

  const valueLabel =
    values.kind === 'amount' ? t('admin-promo-codes.form.amount') : t('admin-promo-codes.form.percent');
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={
        code
          ? t('admin-promo-codes.form.editLabel', { code: code.code })
          : t('admin-promo-codes.form.createLabel')
      }
      className="card grid gap-5 p-5 sm:p-6"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={codeFieldId('code')}
          label={t('admin-promo-codes.form.code')}
          required
          error={errorOf('code')}
          hint={t('admin-promo-codes.form.codeHint')}
        >
          <input
            {...input('code')}
            {...fieldAria(codeFieldId('code'), errorOf('code'), true)}
            maxLength={PROMO_CODE_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            className={`${INPUT_CLASSES} font-mono uppercase`}
          />
        </FormField>
        <FormField
          id={codeFieldId('kind')}
          label={t('admin-promo-codes.form.kind')}
          required
          error={errorOf('kind')}
        >
          <select
            id={codeFieldId('kind')}
            value={values.kind}
            onChange={(event) => change({ kind: event.target.value as PromoKind })}
            className={INPUT_CLASSES}
          >
            {PROMO_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(KIND_LABELS[kind])}
              </option>
            ))}
          </select>
        </FormField>
        {values.kind === 'unlock' ? null : (
          <FormField id={codeFieldId('value')} label={valueLabel} required error={errorOf('value')}>
            <input
              {...input('value', {
                type: 'number',
                inputMode: 'decimal',
                min: '1',
                step: values.kind === 'percent' ? '1' : 'any',
              })}
            />
          </FormField>
        )}
        <FormField
          id={codeFieldId('minQuantity')}
          label={t('admin-promo-codes.form.minQuantity')}
          error={errorOf('minQuantity')}
        >
          <input {...input('minQuantity', { type: 'number', inputMode: 'numeric', min: '1', step: '1' })} />
        </FormField>
        <FormField
          id={codeFieldId('maxUses')}
          label={t('admin-promo-codes.form.maxUses')}
          error={errorOf('maxUses')}
          hint={t('admin-promo-codes.form.maxUsesHint')}
        >
          <input
            {...input('maxUses', { type: 'number', inputMode: 'numeric', min: '1', step: '1' })}
            {...fieldAria(codeFieldId('maxUses'), errorOf('maxUses'), true)}
          />
        </FormField>
        <FormField
          id={codeFieldId('maxUsesPerPerson')}
          label={t('admin-promo-codes.form.maxUsesPerPerson')}
          error={errorOf('maxUsesPerPerson')}
        >
          <input
            {...input('maxUsesPerPerson', { type: 'number', inputMode: 'numeric', min: '1', step: '1' })}
          />
        </FormField>
        <FormField
          id={codeFieldId('validFrom')}
          label={t('admin-promo-codes.form.validFrom')}
          error={errorOf('validFrom')}
        >
          <input {...input('validFrom', { type: 'datetime-local' })} />
        </FormField>
        <FormField
          id={codeFieldId('validUntil')}
          label={t('admin-promo-codes.form.validUntil')}
          error={errorOf('validUntil')}
        >
          <input {...input('validUntil', { type: 'datetime-local' })} />
        </FormField>
      </div>
      <TypeChoice
        types={types}
        chosen={values.ticketTypeIds}
        onChange={(ticketTypeIds) => change({ ticketTypeIds })}
        error={errorOf('ticketTypeIds')}
      />
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(event) => change({ active: event.target.checked })}
          className="size-5 shrink-0 accent-saffron-400"
        />
        <span className="font-semibold text-cream">{t('admin-promo-codes.form.active')}</span>
      </label>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {t('admin-promo-codes.form.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {code ? t('admin-promo-codes.form.save') : t('admin-promo-codes.form.add')}
        </Button>
      </div>
    </form>
  );
}
