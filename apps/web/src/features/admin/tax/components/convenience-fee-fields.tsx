import { useTranslation } from 'react-i18next';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { FormSection } from '../../../../ui/form-section';
import type { TaxFormValues } from './tax-settings-values';

// The convenience fee (@utsav/domain/convenience-fee): none, a fixed amount or a percentage of each paid ticket,
// paid by the buyer on top or absorbed by the organiser. Its amount is checked by the shared schema like every
// field of the form; the server's per-field answer lands under the same field.

type FeeValues = Pick<TaxFormValues, 'convenienceFeeBasis' | 'convenienceFeeAmount' | 'convenienceFeePaidBy'>;

type Translate = ReturnType<typeof useTranslation>['t'];

// Each key written out whole (the catalogs' test finds every key the code uses).
const BASES = [
  ['none', (t: Translate) => t('admin-tax.fee.bases.none')],
  ['fixed', (t: Translate) => t('admin-tax.fee.bases.fixed')],
  ['percent', (t: Translate) => t('admin-tax.fee.bases.percent')],
] as const;
const PAYERS = [
  [
    'buyer',
    (t: Translate) => t('admin-tax.fee.payers.buyer'),
    (t: Translate) => t('admin-tax.fee.payerHints.buyer'),
  ],
  [
    'organiser',
    (t: Translate) => t('admin-tax.fee.payers.organiser'),
    (t: Translate) => t('admin-tax.fee.payerHints.organiser'),
  ],
] as const;

function Choice({
  name,
  value,
  checked,
  label,
  hint,
  onChoose,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  hint?: string;
  onChoose: () => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        className="mt-1 size-5 shrink-0 accent-saffron-400"
      />
      <span className="min-w-0">
        <span className="block font-semibold text-cream">{label}</span>
        {hint ? <span className="block text-sm text-maroon-100">{hint}</span> : null}
      </span>
    </label>
  );
}

export function ConvenienceFeeFields({
  values,
  error,
  onChange,
}: {
  values: FeeValues;
  /** The amount's message, already in the reader's language. */
  error: string | undefined;
  onChange: <K extends keyof TaxFormValues>(field: K, value: TaxFormValues[K]) => void;
}) {
  const { t } = useTranslation();
  const basis = values.convenienceFeeBasis;
  const id = 'tax-convenienceFeeAmount';
  return (
    <FormSection title={t('admin-tax.fee.title')}>
      <p className="text-sm text-maroon-100">{t('admin-tax.fee.description')}</p>
      <fieldset className="grid gap-1">
        <legend className="mb-1 font-semibold text-cream">{t('admin-tax.fee.basis')}</legend>
        {BASES.map(([option, label]) => (
          <Choice
            key={option}
            name="tax-convenienceFeeBasis"
            value={option}
            checked={basis === option}
            label={label(t)}
            onChoose={() => onChange('convenienceFeeBasis', option)}
          />
        ))}
      </fieldset>
      {basis === 'none' ? null : (
        <>
          <FormField
            id={id}
            label={basis === 'fixed' ? t('admin-tax.fee.amountRupees') : t('admin-tax.fee.amountPercent')}
            required
            error={error}
            hint={basis === 'fixed' ? t('admin-tax.fee.hintRupees') : t('admin-tax.fee.hintPercent')}
          >
            <input
              id={id}
              type="text"
              inputMode="decimal"
              required
              value={values.convenienceFeeAmount}
              className={INPUT_CLASSES}
              onChange={(event) => onChange('convenienceFeeAmount', event.target.value)}
              {...fieldAria(id, error, true)}
            />
          </FormField>
          <fieldset className="grid gap-1">
            <legend className="mb-1 font-semibold text-cream">{t('admin-tax.fee.paidBy')}</legend>
            {PAYERS.map(([option, label, hint]) => (
              <Choice
                key={option}
                name="tax-convenienceFeePaidBy"
                value={option}
                checked={values.convenienceFeePaidBy === option}
                label={label(t)}
                hint={hint(t)}
                onChoose={() => onChange('convenienceFeePaidBy', option)}
              />
            ))}
          </fieldset>
        </>
      )}
    </FormSection>
  );
}
