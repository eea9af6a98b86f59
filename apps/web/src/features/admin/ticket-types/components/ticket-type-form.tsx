import type { AdminTicketType } from '@utsav/domain/api/ticket-types';
import { MAX_ADMITS } from '@utsav/domain/ticket-types-schema';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { toastTarget } from '../../../../ui/toast';
import { useSaveTicketType } from '../api/save-ticket-type';
import { CheckField, ColourField, FormSection } from './form-parts';
import { PhaseFields, type PhaseSales } from './phase-fields';
import { useTypeMessage } from './ticket-type-messages';
import {
  type FieldErrorMap,
  fieldId,
  fieldOrder,
  mapFieldErrors,
  newTypeValues,
  type TypeValues,
  typeBody,
  typeValues,
  validateType,
} from './ticket-type-values';

type TextField = Exclude<keyof TypeValues, 'hidden' | 'paused' | 'archived' | 'phases'>;

/**
 * Add or edit one ticket type: names in three languages, price, admits, limits, sales window, colour, hidden,
 * paused and its price phases. Every field is checked by the server's own schema as it is left (all of them on
 * save); the server's refusals land under their fields and clear as the field is edited.
 */
export function TicketTypeForm({
  type,
  existing,
  onSaved,
  onCancel,
}: {
  /** The type edited; null: a new one. */
  type: AdminTicketType | null;
  /** The event's types (a new one takes a colour none of them has). */
  existing: readonly AdminTicketType[];
  onSaved: (saved: AdminTicketType) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const message = useTypeMessage();
  const save = useSaveTicketType();
  const [values, setValues] = useState<TypeValues>(() => (type ? typeValues(type) : newTypeValues(existing)));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrorMap>({});
  const validation = useMemo(() => validateType(values), [values]);
  const schemaErrors: FieldErrorMap = validation.ok ? {} : validation.errors;
  const sales = useMemo(
    () => new Map<string, PhaseSales>((type?.phases ?? []).map((phase) => [phase.id, phase])),
    [type],
  );

  const errorOf = (path: string): string | undefined =>
    message(serverErrors[path] ?? (submitted || touched.has(path) ? schemaErrors[path] : undefined));
  const leave = (path: string) => setTouched((current) => new Set(current).add(path));
  /** An edit clears the server's message of that field (and of the phases, whose paths move). */
  const change = (next: Partial<TypeValues>, paths: string[]) => {
    setValues((current) => ({ ...current, ...next }));
    if (paths.some((path) => Object.keys(serverErrors).some((field) => field.startsWith(path))))
      setServerErrors(
        Object.fromEntries(
          Object.entries(serverErrors).filter(([field]) => !paths.some((path) => field.startsWith(path))),
        ),
      );
  };
  const text = (field: TextField, extra: Record<string, string> = {}) => {
    const id = fieldId(field);
    return {
      id,
      value: values[field],
      onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }, [field]),
      onBlur: () => leave(field),
      className: INPUT_CLASSES,
      ...fieldAria(id, errorOf(field)),
      ...extra,
    };
  };

  function focusFirstError(errors: FieldErrorMap) {
    const first = fieldOrder(values).find((path) => errors[path]);
    if (!first) return;
    const element = document.getElementById(fieldId(first));
    element?.focus();
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!validation.ok) {
      toast.error(t('admin-ticket-types.form.fixErrors'), toastTarget());
      focusFirstError(validation.errors);
      return;
    }
    save.mutate(
      { id: type?.id ?? null, type: typeBody(values) },
      {
        onSuccess: (saved) => {
          toast.success(
            type
              ? t('admin-ticket-types.toast.updated', { name: saved.name })
              : t('admin-ticket-types.toast.created', { name: saved.name }),
            toastTarget(),
          );
          onSaved(saved);
        },
        onError: (error) => {
          const details = error instanceof ApiError ? (error.details ?? []) : [];
          if (details.length > 0) {
            const mapped = mapFieldErrors(details);
            setServerErrors(mapped);
            toast.error(t('admin-ticket-types.form.fixErrors'), toastTarget());
            focusFirstError(mapped);
          } else {
            toast.error(
              t('admin-ticket-types.toast.saveFailed', { reason: errorMessage(error) }),
              toastTarget(),
            );
          }
        },
      },
    );
  }

  const isDefault = type?.isDefault === true;
  const hasServerErrors = Object.keys(serverErrors).length > 0;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-6"
      aria-label={
        type
          ? t('admin-ticket-types.form.editLabel', { name: type.name })
          : t('admin-ticket-types.form.createLabel')
      }
    >
      {hasServerErrors ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-rose-300/50 bg-rose-950/40 p-4 text-rose-100"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          {t('admin-ticket-types.form.fixErrors')}
        </p>
      ) : null}

      <FormSection title={t('admin-ticket-types.form.names')}>
        <FormField
          id={fieldId('name')}
          label={t('admin-ticket-types.form.name')}
          required
          error={errorOf('name')}
        >
          <input
            {...text('name', { placeholder: t('admin-ticket-types.form.namePlaceholder') })}
            autoComplete="off"
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id={fieldId('nameHi')}
            label={t('admin-ticket-types.form.nameHi')}
            error={errorOf('nameHi')}
          >
            <input
              {...text('nameHi', { className: `${INPUT_CLASSES} other-script` })}
              lang="hi"
              autoComplete="off"
            />
          </FormField>
          <FormField
            id={fieldId('nameGu')}
            label={t('admin-ticket-types.form.nameGu')}
            error={errorOf('nameGu')}
          >
            <input
              {...text('nameGu', { className: `${INPUT_CLASSES} other-script` })}
              lang="gu"
              autoComplete="off"
            />
          </FormField>
        </div>
        <FormField
          id={fieldId('description')}
          label={t('admin-ticket-types.form.description')}
          error={errorOf('description')}
        >
          <textarea {...text('description')} rows={2} className={`${INPUT_CLASSES} py-2`} />
        </FormField>
      </FormSection>

      <FormSection title={t('admin-ticket-types.form.pricing')}>
        {isDefault ? (
          <p className="text-sm text-maroon-100">{t('admin-ticket-types.form.defaultPrice')}</p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <FormField
            id={fieldId('price')}
            label={t('admin-ticket-types.form.price')}
            required
            error={errorOf('price')}
          >
            <input {...text('price', { type: 'number', inputMode: 'decimal', min: '0', step: 'any' })} />
          </FormField>
          <FormField
            id={fieldId('groupPrice4')}
            label={t('admin-ticket-types.form.groupPrice4')}
            error={errorOf('groupPrice4')}
            hint={t('admin-ticket-types.form.groupPrice4Hint')}
          >
            <input
              {...text('groupPrice4', { type: 'number', inputMode: 'decimal', min: '1', step: 'any' })}
              {...fieldAria(fieldId('groupPrice4'), errorOf('groupPrice4'), true)}
            />
          </FormField>
          <FormField
            id={fieldId('admits')}
            label={t('admin-ticket-types.form.admits')}
            required
            error={errorOf('admits')}
            hint={t('admin-ticket-types.form.admitsHint')}
          >
            <input
              {...text('admits', {
                type: 'number',
                inputMode: 'numeric',
                min: '1',
                max: String(MAX_ADMITS),
                step: '1',
              })}
              {...fieldAria(fieldId('admits'), errorOf('admits'), true)}
            />
          </FormField>
          <ColourField
            label={t('admin-ticket-types.form.colour')}
            pickLabel={t('admin-ticket-types.form.pickColour')}
            value={values.colour}
            onChange={(colour) => change({ colour }, ['colour'])}
            onBlur={() => leave('colour')}
            error={errorOf('colour')}
          />
        </div>
      </FormSection>

      <FormSection title={t('admin-ticket-types.form.phases')}>
        <PhaseFields
          phases={values.phases}
          sales={sales}
          errorOf={errorOf}
          onChange={(phases) => change({ phases }, ['phases'])}
          onLeave={leave}
        />
      </FormSection>

      <FormSection title={t('admin-ticket-types.form.limits')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id={fieldId('capacity')}
            label={t('admin-ticket-types.form.capacity')}
            error={errorOf('capacity')}
            hint={t('admin-ticket-types.form.capacityHint')}
          >
            <input
              {...text('capacity', { type: 'number', inputMode: 'numeric', min: '1', step: '1' })}
              {...fieldAria(fieldId('capacity'), errorOf('capacity'), true)}
            />
          </FormField>
          <FormField
            id={fieldId('perPersonLimit')}
            label={t('admin-ticket-types.form.perPersonLimit')}
            error={errorOf('perPersonLimit')}
            hint={t('admin-ticket-types.form.perPersonLimitHint')}
          >
            <input
              {...text('perPersonLimit', { type: 'number', inputMode: 'numeric', min: '1', step: '1' })}
              {...fieldAria(fieldId('perPersonLimit'), errorOf('perPersonLimit'), true)}
            />
          </FormField>
          <FormField
            id={fieldId('salesStart')}
            label={t('admin-ticket-types.form.salesStart')}
            error={errorOf('salesStart')}
          >
            <input {...text('salesStart', { type: 'datetime-local' })} />
          </FormField>
          <FormField
            id={fieldId('salesEnd')}
            label={t('admin-ticket-types.form.salesEnd')}
            error={errorOf('salesEnd')}
            hint={t('admin-ticket-types.form.salesWindowHint')}
          >
            <input
              {...text('salesEnd', { type: 'datetime-local' })}
              {...fieldAria(fieldId('salesEnd'), errorOf('salesEnd'), true)}
            />
          </FormField>
        </div>
        {isDefault ? null : (
          <CheckField
            path="hidden"
            label={t('admin-ticket-types.form.hidden')}
            hint={t('admin-ticket-types.form.hiddenHint')}
            checked={values.hidden}
            onChange={(hidden) => change({ hidden }, ['hidden'])}
            error={errorOf('hidden')}
          />
        )}
        <CheckField
          path="paused"
          label={t('admin-ticket-types.form.paused')}
          hint={t('admin-ticket-types.form.pausedHint')}
          checked={values.paused}
          onChange={(paused) => change({ paused }, ['paused'])}
          error={errorOf('paused')}
        />
      </FormSection>

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {t('admin-ticket-types.form.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {type ? t('admin-ticket-types.form.save') : t('admin-ticket-types.form.add')}
        </Button>
      </div>
    </form>
  );
}
