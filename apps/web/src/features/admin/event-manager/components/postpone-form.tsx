import {
  FREE_REFUND_DAYS_DEFAULT,
  FREE_REFUND_DAYS_MAX,
  postponeRequestSchema,
} from '@utsav/domain/event-change';
import { formatEventDate } from '@utsav/domain/time';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { currentLocale } from '../../../../lib/i18n/language';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { toastTarget } from '../../../../ui/toast';
import { usePostpone } from '../api/event-change';
import type { AdminEvent } from '../api/get-admin-event';

type Field = 'date' | 'startTime' | 'endTime' | 'venue' | 'freeRefundDays';
type Values = Record<Field, string>;
type PostponeBody = ReturnType<typeof postponeRequestSchema.parse>;

/** The form's own words for a field the shared schema refuses (the server's per-field answers are shown as sent). */
function useFieldMessage() {
  const { t } = useTranslation();
  return (field: Field): string => {
    switch (field) {
      case 'date':
        return t('admin-event-change.postpone.dateInvalid');
      case 'startTime':
      case 'endTime':
        return t('admin-event-change.postpone.timeInvalid');
      case 'venue':
        return t('admin-event-change.postpone.venueInvalid');
      case 'freeRefundDays':
        return t('admin-event-change.postpone.daysInvalid', { max: FREE_REFUND_DAYS_MAX });
    }
  };
}

function bodyOf(values: Values) {
  const days = values.freeRefundDays.trim();
  return postponeRequestSchema.safeParse({
    kind: 'postpone',
    date: values.date,
    startTime: values.startTime,
    endTime: values.endTime,
    venue: values.venue.trim() === '' ? undefined : values.venue,
    freeRefundDays: days === '' ? undefined : /^\d+$/.test(days) ? Number(days) : Number.NaN,
  });
}

/**
 * Postpone or move the night: a new date and hours, a venue only when it changes, and how many days holders may
 * give tickets back in full. Checked by the shared schema before the confirmation, and by the server after it.
 */
export function PostponeForm({ event, onDone }: { event: AdminEvent; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const postpone = usePostpone();
  const [values, setValues] = useState<Values>({
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    venue: '',
    freeRefundDays: String(FREE_REFUND_DAYS_DEFAULT),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState<PostponeBody | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const refuse = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    toast.error(t('admin-event-change.fixErrors'), toastTarget());
    setRefusals((count) => count + 1);
  };

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const parsed = bodyOf(values);
    if (parsed.success) return setPending(parsed.data);
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      found[field] ??= fieldMessage(field);
    }
    refuse(found);
  }

  function confirm() {
    if (!pending) return;
    postpone.mutate(pending, {
      onSuccess: (answer) => {
        setPending(null);
        toast.success(
          t('admin-event-change.postpone.done', {
            date: formatEventDate(answer.event.date, currentLocale()),
          }),
        );
        onDone();
      },
      onError: (error) => {
        setPending(null);
        const details = error instanceof ApiError ? (error.details ?? []) : [];
        if (details.length > 0) refuse(Object.fromEntries(details.map((d) => [d.field, d.message])));
        else toast.error(t('admin-event-change.postpone.failed', { reason: errorMessage(error) }));
      },
    });
  }

  const input = (field: Field, label: string, type: string, hint?: string, required = true) => {
    const id = `postpone-${field}`;
    return (
      <FormField id={id} label={label} required={required} error={errors[field]} hint={hint}>
        <input
          id={id}
          type={type}
          value={values[field]}
          required={required}
          inputMode={field === 'freeRefundDays' ? 'numeric' : undefined}
          onChange={(changed) => set(field, changed.target.value)}
          className={INPUT_CLASSES}
          {...fieldAria(id, errors[field], Boolean(hint))}
        />
      </FormField>
    );
  };

  return (
    <>
      <form ref={form} noValidate onSubmit={submit} className="grid grid-cols-1 gap-5">
        <h3 className="font-sans text-lg font-semibold text-gold-200">
          {t('admin-event-change.postpone.title')}
        </h3>
        <p className="text-sm text-maroon-100">{t('admin-event-change.postpone.intro')}</p>
        {input('date', t('admin-event-change.postpone.date'), 'date')}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {input('startTime', t('admin-event-change.postpone.startTime'), 'time')}
          {input('endTime', t('admin-event-change.postpone.endTime'), 'time')}
        </div>
        {input(
          'venue',
          t('admin-event-change.postpone.venue'),
          'text',
          t('admin-event-change.postpone.venueHint', { venue: event.venue }),
          false,
        )}
        {input(
          'freeRefundDays',
          t('admin-event-change.postpone.freeRefundDays'),
          'text',
          t('admin-event-change.postpone.freeRefundDaysHint'),
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onDone} disabled={postpone.isPending}>
            {t('admin-event-change.back')}
          </Button>
          <Button type="submit" loading={postpone.isPending}>
            {t('admin-event-change.postpone.submit')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={t('admin-event-change.postpone.confirmTitle')}
        confirmLabel={t('admin-event-change.postpone.confirmYes')}
        cancelLabel={t('admin-event-change.postpone.confirmNo')}
        busy={postpone.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <p className="text-maroon-50">
          {pending
            ? t('admin-event-change.postpone.confirmText', {
                date: formatEventDate(pending.date, currentLocale()),
                venue: pending.venue ?? event.venue,
                count: pending.freeRefundDays ?? FREE_REFUND_DAYS_DEFAULT,
              })
            : null}
        </p>
      </ConfirmDialog>
    </>
  );
}
