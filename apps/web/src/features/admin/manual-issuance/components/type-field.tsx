import { paiseToRupees } from '@utsav/domain/pricing';
import { useTranslation } from 'react-i18next';
import type { AdminTicketType as IssuanceType } from '../../../../lib/admin-ticket-types';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { formatRupees } from '../../../../ui/format';
import { issuancePrice } from './issuance-type';

// Which ticket type the desk issues, and whether at ₹0. The default type comes first and is chosen at the start;
// hidden types are listed too (staff issue them to artists, sponsors, press), marked as hidden.

export function TypeField({
  types,
  chosen,
  onChoose,
  free,
  onFreeChange,
  error,
}: {
  types: readonly IssuanceType[];
  chosen: IssuanceType | undefined;
  onChoose: (id: string) => void;
  free: boolean;
  onFreeChange: (free: boolean) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const now = new Date();
  return (
    <div className="grid gap-3">
      <FormField id="manual-type" label={t('admin-issuance.type.label')} error={error}>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="size-6 shrink-0 rounded-full border border-cream/40"
            style={{ backgroundColor: chosen?.colour ?? 'transparent' }}
          />
          <select
            id="manual-type"
            value={chosen?.id ?? ''}
            onChange={(change) => onChoose(change.target.value)}
            className={INPUT_CLASSES}
            {...fieldAria('manual-type', error)}
          >
            {chosen ? null : <option value="">{t('admin-issuance.type.choose')}</option>}
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {[
                  type.name,
                  type.admits > 1 ? t('admin-issuance.type.admits', { count: type.admits }) : null,
                  formatRupees(paiseToRupees(issuancePrice(type, 1, false, now).listPricePaise)),
                  type.hidden ? t('admin-issuance.type.hidden') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </option>
            ))}
          </select>
        </div>
      </FormField>
      <label className="flex items-start gap-2 text-sm text-cream">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-saffron-400"
          checked={free}
          onChange={(change) => onFreeChange(change.target.checked)}
        />
        <span>
          <span className="font-semibold">{t('admin-issuance.free.label')}</span>
          <span className="block text-maroon-100">{t('admin-issuance.free.hint')}</span>
        </span>
      </label>
    </div>
  );
}
