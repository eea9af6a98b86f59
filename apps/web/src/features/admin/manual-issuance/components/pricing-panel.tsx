import type { ManualPrice } from '@utsav/domain/manual-issuance-price';
import { paiseToRupees } from '@utsav/domain/pricing';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminTicketType as IssuanceType } from '../../../../lib/admin-ticket-types';
import { formatCount, formatRupees } from '../../../../ui/format';

/** The tier as the desk reads it: individual, group from 4, or free. */
export function tierText(t: TFunction, tier: ManualPrice['pricingTier']): string {
  if (tier === 'Free') return t('admin-issuance.pricing.freeTier');
  return tier === 'Group'
    ? t('admin-issuance.pricing.groupTier')
    : t('admin-issuance.pricing.individualTier');
}

/**
 * The pricing calculation (docs/product.md#manual-issuance): the type and the phase whose price applies, the tier,
 * price per ticket, the people admitted, total and the saving against the list price.
 */
export function PricingPanel({
  type,
  price,
  quantity,
}: {
  type: IssuanceType;
  price: ManualPrice;
  quantity: number;
}) {
  const { t } = useTranslation();
  const saving = (price.listPricePaise - price.pricePerTicketPaise) * quantity;
  const row = (label: string, value: string, className = 'text-cream') => (
    <div className="flex justify-between gap-3">
      <dt className="text-maroon-100">{label}</dt>
      <dd className={`text-right tabular-nums ${className}`}>{value}</dd>
    </div>
  );
  return (
    <section
      aria-labelledby="pricing-title"
      className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4"
    >
      <h3 id="pricing-title" className="font-sans text-sm font-semibold text-gold-200">
        {t('admin-issuance.pricing.title')}
      </h3>
      <dl className="mt-2 grid gap-1.5 text-sm" aria-live="polite">
        {row(t('admin-issuance.pricing.type'), type.name)}
        {price.phaseLabel ? row(t('admin-issuance.pricing.phase'), price.phaseLabel) : null}
        {row(t('admin-issuance.pricing.tier'), tierText(t, price.pricingTier))}
        {row(t('admin-issuance.pricing.perTicket'), formatRupees(paiseToRupees(price.pricePerTicketPaise)))}
        {row(t('admin-issuance.pricing.quantity'), `× ${formatCount(quantity)}`)}
        {type.admits > 1
          ? row(t('admin-issuance.pricing.people'), formatCount(quantity * type.admits))
          : null}
        {saving > 0 && price.pricingTier === 'Group'
          ? row(t('admin-issuance.pricing.saving'), formatRupees(paiseToRupees(saving)), 'text-emerald-200')
          : null}
        <div className="mt-1 flex justify-between gap-3 border-t border-gold-400/20 pt-2 text-base font-bold">
          <dt className="text-cream">{t('admin-issuance.pricing.total')}</dt>
          <dd className="text-gold-200 tabular-nums">{formatRupees(paiseToRupees(price.totalPaise))}</dd>
        </div>
      </dl>
    </section>
  );
}
