import { checkGstin, gstStateLabel } from '@utsav/domain/gstin';
import { Building2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../ui/form-field';
import { useGstMessage } from '../../../ui/gst-messages';
import type { BusinessDetailsState, BusinessField } from '../hooks/use-business-details';

// The purchase dialog's offer of a GST invoice to a business (shown when the organiser is registered for GST): a
// tick reveals the GSTIN, the legal name and the address, which the invoice then carries so the business can claim
// the tax back. Each field has its label and its error tied to it; after a refused check the first refused field
// takes the focus.

const FIELD_LABEL_KEYS = {
  gstin: 'purchase.business.gstin',
  legalName: 'purchase.business.legalName',
  address: 'purchase.business.address',
} as const satisfies Record<BusinessField, string>;

export function BusinessDetails({ business }: { business: BusinessDetailsState }) {
  const { t } = useTranslation();
  const gstMessage = useGstMessage();
  const baseId = useId();
  const idOf = (field: BusinessField) => `${baseId}-${field}`;
  const { firstInvalid, values, wanted } = business;

  useEffect(() => {
    if (firstInvalid) document.getElementById(`${baseId}-${firstInvalid.field}`)?.focus();
  }, [firstInvalid, baseId]);

  const typed = checkGstin(values.gstin);
  const gstinHint = typed.ok
    ? t('purchase.business.gstinState', { state: gstStateLabel(typed.stateCode) })
    : t('purchase.business.gstinHint');

  const field = (name: BusinessField, hint?: string) => {
    const id = idOf(name);
    const error = gstMessage(business.errorOf(name));
    const common = {
      id,
      value: values[name],
      required: true,
      onChange: (changeEvent: { target: { value: string } }) =>
        business.setValue(name, changeEvent.target.value),
      ...fieldAria(id, error, Boolean(hint)),
    };
    return (
      <FormField id={id} label={t(FIELD_LABEL_KEYS[name])} required error={error} hint={hint}>
        {name === 'address' ? (
          <textarea {...common} rows={3} maxLength={500} className={`${INPUT_CLASSES} py-2`} />
        ) : name === 'gstin' ? (
          <input
            {...common}
            type="text"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            className={`${INPUT_CLASSES} font-mono tracking-wide`}
            onBlur={business.settleGstin}
          />
        ) : (
          <input
            {...common}
            type="text"
            autoComplete="organization"
            maxLength={200}
            className={INPUT_CLASSES}
          />
        )}
      </FormField>
    );
  };

  return (
    <section
      aria-labelledby={`${baseId}-title`}
      className="grid gap-3 rounded-xl border border-gold-400/30 bg-maroon-950/40 px-4 py-3 text-sm"
      data-testid="business-details"
    >
      <h3 id={`${baseId}-title`} className="flex items-center gap-2 font-semibold text-cream">
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-gold-300" />
        {t('purchase.business.title')}
      </h3>
      <div>
        <label className="flex min-h-11 cursor-pointer items-start gap-3 break-words text-maroon-50">
          <input
            type="checkbox"
            checked={wanted}
            onChange={(changeEvent) => business.setWanted(changeEvent.target.checked)}
            aria-describedby={`${baseId}-why`}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-saffron-400"
          />
          <span>{t('purchase.business.wanted')}</span>
        </label>
        <p id={`${baseId}-why`} className="mt-1 text-xs text-maroon-200">
          {t('purchase.business.why')}
        </p>
      </div>
      {wanted ? (
        <div className="grid min-w-0 gap-3">
          {field('gstin', gstinHint)}
          {field('legalName')}
          {field('address')}
        </div>
      ) : null}
    </section>
  );
}
