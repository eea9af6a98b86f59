import { resaleSettingsSchema } from '@utsav/domain/resale';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { CheckboxField } from '../../../../ui/form-section';
import { type AdminResales, useSaveResaleSettings } from '../api/admin-resales';

type Settings = AdminResales['settings'];
type Errors = Partial<Record<'fee' | 'closeHoursBefore', string>>;

/**
 * The switch, the fee and the cut-off (admins: the server's event:write). Checked by the shared schema before it is
 * sent, and by the server again. Switching off stops new listings and offers; an offer already made may be paid.
 */
export function ResaleSettingsForm({ settings, canWrite }: { settings: Settings; canWrite: boolean }) {
  const { t } = useTranslation();
  const save = useSaveResaleSettings();
  const feeId = useId();
  const hoursId = useId();
  const enabledId = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [fee, setFee] = useState(String(settings.fee));
  const [hours, setHours] = useState(String(settings.closeHoursBefore));
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = resaleSettingsSchema.safeParse({
      enabled,
      fee: fee.trim() === '' ? Number.NaN : Number(fee),
      closeHoursBefore: hours.trim() === '' ? Number.NaN : Number(hours),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'fee') found.fee = t('admin-resale.errors.fee');
        if (issue.path[0] === 'closeHoursBefore') found.closeHoursBefore = t('admin-resale.errors.hours');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('admin-resale.settings.saved')),
      onError: (error) => toast.error(t('admin-resale.settings.saveFailed', { reason: errorMessage(error) })),
    });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${feeId}-title`}
      className="card grid gap-4 p-4 sm:p-5"
    >
      <h2 id={`${feeId}-title`} className="font-display text-2xl text-gold-200">
        {t('admin-resale.settings.title')}
      </h2>
      <fieldset disabled={!canWrite || save.isPending} className="grid gap-4">
        <CheckboxField
          id={enabledId}
          label={t('admin-resale.settings.enabled')}
          hint={t('admin-resale.settings.enabledHint')}
          checked={enabled}
          onChange={setEnabled}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={feeId} label={t('admin-resale.settings.fee')} error={errors.fee}>
            <input
              id={feeId}
              className={INPUT_CLASSES}
              inputMode="decimal"
              value={fee}
              onChange={(change) => setFee(change.target.value)}
              {...fieldAria(feeId, errors.fee)}
            />
          </FormField>
          <FormField id={hoursId} label={t('admin-resale.settings.hours')} error={errors.closeHoursBefore}>
            <input
              id={hoursId}
              className={INPUT_CLASSES}
              inputMode="numeric"
              value={hours}
              onChange={(change) => setHours(change.target.value)}
              {...fieldAria(hoursId, errors.closeHoursBefore)}
            />
          </FormField>
        </div>
      </fieldset>
      {canWrite ? (
        <Button type="submit" className="justify-self-start" loading={save.isPending}>
          {t('admin-resale.settings.save')}
        </Button>
      ) : (
        <p className="text-sm text-maroon-100">{t('admin-resale.settings.adminsOnly')}</p>
      )}
    </form>
  );
}
