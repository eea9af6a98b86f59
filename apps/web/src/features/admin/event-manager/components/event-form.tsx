import type { EventInput } from '@utsav/domain/event-schema';
import { EVENT_MESSAGES } from '@utsav/domain/event-schema';
import { formatRupees } from '@utsav/domain/pricing';
import { istDate } from '@utsav/domain/time';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import {
  type EventField,
  type EventFormValues,
  FIELD_ORDER,
  type FieldErrorMap,
  validateEvent,
} from './event-form-values';
import { ImageField } from './image-field';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card grid gap-5 p-5 sm:p-6">
      <h2 id={headingId} className="font-sans text-lg font-semibold text-gold-200">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The create / edit form (admin-side §2, §5): four sections, every field checked by the shared event schema
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
  const [touched, setTouched] = useState<Partial<Record<EventField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [imageError, setImageError] = useState<string | undefined>();
  const validation = useMemo(() => validateEvent(values), [values]);
  const schemaErrors: FieldErrorMap = validation.ok ? {} : validation.errors;
  const today = istDate(new Date());

  const errorOf = (field: EventField): string | undefined => {
    if (field === 'eventImage' && imageError) return imageError;
    if (serverErrors[field]) return serverErrors[field];
    return submitted || touched[field] ? schemaErrors[field] : undefined;
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
      toast.error(EVENT_MESSAGES.fixErrors);
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
      aria-label={mode === 'create' ? 'Create event' : 'Edit event'}
    >
      {hasServerErrors ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-rose-300/50 bg-rose-950/40 p-4 text-rose-100"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          {EVENT_MESSAGES.fixErrorsShort}
        </p>
      ) : null}

      <Section title="Basic Information">
        <FormField id="name" label="Event name" required error={errorOf('name')}>
          <input {...text('name', { placeholder: 'Utsav Garba & Raas Night' })} autoComplete="off" />
        </FormField>
        <FormField id="description" label="Description" required error={errorOf('description')}>
          <textarea
            {...text('description')}
            rows={4}
            className={`${INPUT_CLASSES} py-2`}
            placeholder="What makes the night special"
          />
        </FormField>
        <ImageField
          value={values.eventImage}
          error={errorOf('eventImage')}
          onChange={set('eventImage')}
          onError={setImageError}
        />
      </Section>

      <Section title="Date & Time">
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField id="date" label="Event date" required error={errorOf('date')}>
            <input {...text('date', { type: 'date', min: today })} />
          </FormField>
          <FormField
            id="startTime"
            label="Start time"
            required
            error={errorOf('startTime')}
            hint="India time (IST), e.g. 6:30 PM"
          >
            <input
              {...text('startTime', { type: 'time' })}
              {...fieldAria('startTime', errorOf('startTime'), true)}
            />
          </FormField>
          <FormField
            id="endTime"
            label="End time"
            required
            error={errorOf('endTime')}
            hint="India time (IST), e.g. 10:30 PM"
          >
            <input
              {...text('endTime', { type: 'time' })}
              {...fieldAria('endTime', errorOf('endTime'), true)}
            />
          </FormField>
        </div>
        <FormField id="venue" label="Venue" required error={errorOf('venue')}>
          <input {...text('venue')} autoComplete="off" />
        </FormField>
      </Section>

      <Section title="Ticketing Information">
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField
            id="ticketPrice"
            label="Individual price (₹, 1-3 tickets)"
            required
            error={errorOf('ticketPrice')}
          >
            <input
              {...text('ticketPrice', { type: 'number', inputMode: 'decimal', min: '1', step: 'any' })}
            />
          </FormField>
          <FormField
            id="groupPrice4"
            label="Group price (₹ each, 4+ tickets)"
            required
            error={errorOf('groupPrice4')}
            hint={
              groupPrice > 0 && ticketPrice > groupPrice ? (
                `Saves ${formatRupees(ticketPrice - groupPrice)} per ticket`
              ) : groupPrice > 0 && ticketPrice > 0 && groupPrice > ticketPrice ? (
                // Allowed (the organiser may mean it), but almost always a typo: said before saving.
                <span role="status" className="font-semibold text-amber-200">
                  Warning: the group price is above the individual price ({formatRupees(ticketPrice)}), so
                  groups of 4+ would pay more per ticket.
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
          <FormField id="totalTickets" label="Total tickets" required error={errorOf('totalTickets')}>
            <input {...text('totalTickets', { type: 'number', inputMode: 'numeric', min: '1', step: '1' })} />
          </FormField>
          <FormField
            id="salesOpenAt"
            label="Sales open at (IST, optional)"
            error={errorOf('salesOpenAt')}
            hint="Leave empty to sell now. A waiting line opens 30 minutes before."
          >
            <input {...text('salesOpenAt', { type: 'datetime-local' })} />
          </FormField>
        </div>
      </Section>

      <Section title="Additional Details">
        <FormField
          id="features"
          label="Features"
          error={errorOf('features')}
          hint="Separate with commas, e.g. Live dhol, Food stalls, Best dressed prize"
        >
          <input
            {...text('features')}
            {...fieldAria('features', errorOf('features'), true)}
            autoComplete="off"
          />
        </FormField>
        <FormField id="aboutText" label="About the event (optional)" error={errorOf('aboutText')}>
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
            <span className="block font-semibold text-cream">Allow re-entry</span>
            <span className="block text-sm text-maroon-100">
              Guests scanned out at a gate (the scanner's Exit mode) can come back in once per exit.
            </span>
          </span>
        </label>
      </Section>

      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={saving}>
          {mode === 'create' ? 'Create Event' : 'Update Event'}
        </Button>
      </div>
    </form>
  );
}
