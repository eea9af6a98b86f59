import { gstStateLabel } from '@utsav/domain/gstin';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { CheckboxField, FormSection } from '../../../../ui/form-section';
import { typedGstinError, useGstMessage } from '../../../../ui/gst-messages';
import { type TaxSettings, useSaveTaxSettings } from '../api/tax-settings';
import { ConvenienceFeeFields } from './convenience-fee-fields';
import {
  gstinStateCode,
  type TaxFormValues,
  type TaxTextField,
  taxFormValues,
  taxSettingsBody,
  taxSettingsErrors,
} from './tax-settings-values';

/** Written in capitals on documents: shown so as they are typed. */
const UPPER_CASE = new Set<TaxTextField>(['gstin', 'invoicePrefix']);

/**
 * The organiser's GST settings (admin panel "Tax and invoices"). Each field is checked by the shared schema as the
 * form is sent, the GSTIN also as it is typed; the server checks the same schema and its per-field answers are
 * shown under their fields. Changes apply to documents issued afterwards.
 */
export function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const { t } = useTranslation();
  const gstMessage = useGstMessage();
  const save = useSaveTaxSettings();
  const [values, setValues] = useState<TaxFormValues>(() => taxFormValues(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [gstinSettled, setGstinSettled] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // After each refusal, once the messages are drawn, the first refused field takes focus.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const set = <K extends keyof TaxFormValues>(field: K, value: TaxFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    setGstinSettled(true);
    toast.error(t('admin-tax.fixErrors'));
    setRefusals((count) => count + 1);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = taxSettingsErrors(values);
    if (Object.keys(found).length > 0) return refuse(found);
    save.mutate(taxSettingsBody(values), {
      onSuccess: (saved) => {
        toast.success(t('admin-tax.saved'));
        setValues(taxFormValues(saved.settings));
        setErrors({});
      },
      onError: (error) => {
        const details = error instanceof ApiError ? (error.details ?? []) : [];
        if (details.length > 0) refuse(Object.fromEntries(details.map((d) => [d.field, d.message])));
        else toast.error(t('admin-tax.saveFailed', { reason: errorMessage(error) }));
      },
    });
  }

  const errorOf = (field: TaxTextField) =>
    gstMessage(
      field === 'gstin' ? (errors.gstin ?? typedGstinError(values.gstin, gstinSettled)) : errors[field],
    );

  const text = (
    field: TaxTextField,
    label: string,
    options: {
      required?: boolean;
      hint?: string;
      inputMode?: 'decimal' | 'numeric';
      multiline?: boolean;
    } = {},
  ) => {
    const id = `tax-${field}`;
    const error = errorOf(field);
    const common = {
      id,
      value: values[field],
      required: options.required,
      ...fieldAria(id, error, Boolean(options.hint)),
    };
    return (
      <FormField id={id} label={label} required={options.required} error={error} hint={options.hint}>
        {options.multiline ? (
          <textarea
            {...common}
            rows={3}
            className={`${INPUT_CLASSES} py-2`}
            onChange={(event) => set(field, event.target.value)}
          />
        ) : (
          <input
            {...common}
            type="text"
            inputMode={options.inputMode}
            autoCapitalize={UPPER_CASE.has(field) ? 'characters' : undefined}
            spellCheck={field === 'gstin' ? false : undefined}
            className={INPUT_CLASSES}
            onChange={(event) =>
              set(field, UPPER_CASE.has(field) ? event.target.value.toUpperCase() : event.target.value)
            }
            onBlur={field === 'gstin' ? () => setGstinSettled(true) : undefined}
          />
        )}
      </FormField>
    );
  };

  const state = gstinStateCode(values.gstin);
  const registered = values.registered;
  return (
    <form ref={form} noValidate onSubmit={submit} className="grid grid-cols-1 gap-6">
      <FormSection title={t('admin-tax.groups.registration')}>
        <CheckboxField
          id="tax-registered"
          label={t('admin-tax.fields.registered')}
          hint={registered ? t('admin-tax.hints.registered') : t('admin-tax.hints.notRegistered')}
          checked={registered}
          onChange={(checked) => set('registered', checked)}
        />
        {registered ? (
          <>
            {text('gstin', t('admin-tax.fields.gstin'), {
              required: true,
              hint: state
                ? t('admin-tax.hints.state', { state: gstStateLabel(state) })
                : t('admin-tax.hints.gstin'),
            })}
            {text('legalName', t('admin-tax.fields.legalName'), { required: true })}
            {text('tradeName', t('admin-tax.fields.tradeName'), { hint: t('admin-tax.hints.tradeName') })}
            {text('address', t('admin-tax.fields.address'), { required: true, multiline: true })}
          </>
        ) : null}
      </FormSection>

      {registered ? (
        <FormSection title={t('admin-tax.groups.rates')}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {text('sacCode', t('admin-tax.fields.sacCode'), {
              inputMode: 'numeric',
              hint: t('admin-tax.hints.sacCode'),
            })}
            {text('sacDescription', t('admin-tax.fields.sacDescription'))}
            {text('ratePercent', t('admin-tax.fields.ratePercent'), {
              inputMode: 'decimal',
              hint: t('admin-tax.hints.ratePercent'),
            })}
            {text('exemptUpToPerPerson', t('admin-tax.fields.exemptUpToPerPerson'), {
              inputMode: 'decimal',
              hint: t('admin-tax.hints.exemptUpToPerPerson'),
            })}
          </div>
        </FormSection>
      ) : null}

      <FormSection title={t('admin-tax.groups.documents')}>
        {text('invoicePrefix', t('admin-tax.fields.invoicePrefix'), {
          hint: t('admin-tax.hints.invoicePrefix'),
        })}
        <CheckboxField
          id="tax-pricesIncludeTax"
          label={t('admin-tax.fields.pricesIncludeTax')}
          hint={t('admin-tax.hints.pricesIncludeTax')}
          checked={values.pricesIncludeTax}
          onChange={(checked) => set('pricesIncludeTax', checked)}
          error={gstMessage(errors.pricesIncludeTax)}
        />
      </FormSection>

      <ConvenienceFeeFields values={values} error={gstMessage(errors.convenienceFeeAmount)} onChange={set} />

      <div className="flex justify-end">
        <Button type="submit" size="lg" loading={save.isPending} className="w-full sm:w-auto">
          {t('admin-tax.save')}
        </Button>
      </div>
    </form>
  );
}
