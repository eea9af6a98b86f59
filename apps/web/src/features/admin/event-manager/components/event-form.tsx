import type { EventInput } from '@utsav/domain/event-schema';
import { istDate } from '@utsav/domain/time';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { FormSection } from '../../../../ui/form-section';
import { formatRupees } from '../../../../ui/format';
import {
  type EventField,
  type EventFormValues,
  FIELD_ORDER,
  type FieldErrorMap,
  validateEvent,
} from './event-form-values';
import { useEventMessage } from './event-messages';
import { ImageField } from './image-field';

/**
 * The create / edit form (docs/product.md#event-manager): four sections, every field checked by the shared event schema
 * with today's IST date. A field's message shows once it has been left, and all of them after a submit.
 * Server `details` arrive through serverErrors and clear as the field is edited.
 */
export function EventForm({
  mode,
  values,
  onValuesChange,
  serverErrors,
  onServerErrorsChange,
  onSubmit,
  onCancel,
  saving,
}: {
  mode: 'create' | 'edit';
  values: EventFormValues;
  onValuesChange: (values: EventFormValues) => void;
  serverErrors: FieldErrorMap;
  onServerErrorsChange: (errors: FieldErrorMap) => void;
  onSubmit: (event: EventInput) => void;
  onCancel: (() => void) | null;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const message = useEventMessage();
  const [touched, setTouched] = useState<Partial<Record<EventField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [imageError, setImageError] = useState<string | undefined>();
  const validation = useMemo(() => validateEvent(values), [values]);
  const schemaErrors: FieldErrorMap = validation.ok ? {} : validation.errors;
  const today = istDate(new Date());

  const errorOf = (field: EventField): string | undefined => {
    if (field === 'eventImage' && imageError) return message(imageError);
    if (serverErrors[field]) return message(serverErrors[field]);
    return submitted || touched[field] ? message(schemaErrors[field]) : undefined;
  };

  const set = (field: EventField) => (value: string) => {
    onValuesChange({ ...values, [field]: value });
    if (serverErrors[field]) {
      const { [field]: _cleared, ...rest } = serverErrors;
      onServerErrorsChange(rest);
    }
  };
  const leave = (field: EventField) => () => setTouched((current) => ({ ...current, [field]: true }));

  const text = (
    field: EventField,
    extra: {
      type?: string;
      placeholder?: string;
      min?: string;
      inputMode?: 'decimal' | 'numeric';
      step?: string;
    } = {},
  ) => ({
    id: field,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    onBlur: leave(field),
    className: INPUT_CLASSES,
    ...fieldAria(field, errorOf(field)),
    ...extra,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!validation.ok || imageError) {
      toast.error(t('admin-event.validation.fixErrors'));
      const first = FIELD_ORDER.find(
        (field) => (validation.ok ? {} : validation.errors)[field] || (field === 'eventImage' && imageError),
      );
      if (first) document.getElementById(first === 'eventImage' ? 'eventImage-label' : first)?.focus();
      if (first) document.getElementById(first)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    onSubmit(validation.event);
  }

  const hasServerErrors = Object.keys(serverErrors).length > 0;
  const ticketPrice = Number(values.ticketPrice);
  const groupPrice = Number(values.groupPrice4);

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-6"
      aria-label={mode === 'create' ? t('admin-event.form.createLabel') : t('admin-event.form.editLabel')}
    >
      {hasServerErrors ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-rose-300/50 bg-rose-950/40 p-4 text-rose-100"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          {t('admin-event.validation.fixErrorsShort')}
        </p>
      ) : null}

      <FormSection title={t('admin-event.form.basic')}>
        <FormField id="name" label={t('admin-event.form.name')} required error={errorOf('name')}>
          <input
            {...text('name', { placeholder: t('admin-event.form.namePlaceholder') })}
            autoComplete="off"
          />
        </FormField>
        <FormField
          id="description"
          label={t('admin-event.form.description')}
          required
          error={errorOf('description')}
        >
          <textarea
            {...text('description')}
            rows={4}
            className={`${INPUT_CLASSES} py-2`}
            placeholder={t('admin-event.form.descriptionPlaceholder')}
          />
        </FormField>
        <ImageField
          value={values.eventImage}
          error={errorOf('eventImage')}
          onChange={set('eventImage')}
          onError={setImageError}
        />
      </FormSection>

      <FormSection title={t('admin-event.form.dateTime')}>
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField id="date" label={t('admin-event.form.date')} required error={errorOf('date')}>
            <input {...text('date', { type: 'date', min: today })} />
          </FormField>
          <FormField
            id="startTime"
            label={t('admin-event.form.startTime')}
            required
            error={errorOf('startTime')}
            hint={t('admin-event.form.startHint')}
          >
            <input
              {...text('startTime', { type: 'time' })}
              {...fieldAria('startTime', errorOf('startTime'), true)}
            />
          </FormField>
          <FormField
            id="endTime"
            label={t('admin-event.form.endTime')}
            required
            error={errorOf('endTime')}
            hint={t('admin-event.form.endHint')}
          >
            <input
              {...text('endTime', { type: 'time' })}
              {...fieldAria('endTime', errorOf('endTime'), true)}
            />
          </FormField>
        </div>
        <FormField id="venue" label={t('admin-event.form.venue')} required error={errorOf('venue')}>
          <input {...text('venue')} autoComplete="off" />
        </FormField>
      </FormSection>

      <FormSection title={t('admin-event.form.ticketing')}>
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField
            id="ticketPrice"
            label={t('admin-event.form.ticketPrice')}
            required
            error={errorOf('ticketPrice')}
          >
            <input
              {...text('ticketPrice', { type: 'number', inputMode: 'decimal', min: '1', step: 'any' })}
            />
          </FormField>
          <FormField
            id="groupPrice4"
            label={t('admin-event.form.groupPrice')}
            required
            error={errorOf('groupPrice4')}
            hint={
              groupPrice > 0 && ticketPrice > groupPrice ? (
                t('admin-event.form.groupSaves', { amount: formatRupees(ticketPrice - groupPrice) })
              ) : groupPrice > 0 && ticketPrice > 0 && groupPrice > ticketPrice ? (
                // Allowed (the organiser may mean it), but almost always a typo: said before saving.
                <span role="status" className="font-semibold text-amber-200">
                  {t('admin-event.form.groupAboveWarning', { price: formatRupees(ticketPrice) })}
                </span>
              ) : undefined
            }
          >
            <input
              {...text('groupPrice4', { type: 'number', inputMode: 'decimal', min: '1', step: 'any' })}
              {...fieldAria(
                'groupPrice4',
                errorOf('groupPrice4'),
                groupPrice > 0 && ticketPrice > groupPrice,
              )}
            />
          </FormField>
          <FormField
            id="totalTickets"
            label={t('admin-event.form.totalTickets')}
            required
            error={errorOf('totalTickets')}
          >
            <input {...text('totalTickets', { type: 'number', inputMode: 'numeric', min: '1', step: '1' })} />
          </FormField>
          <FormField
            id="salesOpenAt"
            label={t('admin-event.form.salesOpenAt')}
            error={errorOf('salesOpenAt')}
            hint={t('admin-event.form.salesOpenHint')}
          >
            <input {...text('salesOpenAt', { type: 'datetime-local' })} />
          </FormField>
        </div>
      </FormSection>

      <FormSection title={t('admin-event.form.additional')}>
        <FormField
          id="features"
          label={t('admin-event.form.features')}
          error={errorOf('features')}
          hint={t('admin-event.form.featuresHint')}
        >
          <input
            {...text('features')}
            {...fieldAria('features', errorOf('features'), true)}
            autoComplete="off"
          />
        </FormField>
        <FormField id="aboutText" label={t('admin-event.form.about')} error={errorOf('aboutText')}>
          <textarea {...text('aboutText')} rows={4} className={`${INPUT_CLASSES} py-2`} />
        </FormField>
        <label htmlFor="reentryAllowed" className="flex min-h-12 cursor-pointer items-start gap-3">
          <input
            id="reentryAllowed"
            type="checkbox"
            checked={values.reentryAllowed}
            onChange={(event) => onValuesChange({ ...values, reentryAllowed: event.target.checked })}
            className="mt-1 size-5 accent-saffron-400"
          />
          <span>
            <span className="block font-semibold text-cream">{t('admin-event.form.reentry')}</span>
            <span className="block text-sm text-maroon-100">{t('admin-event.form.reentryHint')}</span>
          </span>
        </label>
      </FormSection>

      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            {t('admin-event.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={saving}>
          {mode === 'create' ? t('admin-event.form.create') : t('admin-event.form.update')}
        </Button>
      </div>
    </form>
  );
}
