import { type PricedEvent, quote } from '@utsav/domain/pricing';
import { useTranslation } from 'react-i18next';
import { formatCount, formatRupees } from '../../../../ui/format';

/** The pricing calculation (docs/product.md#manual-issuance): tier, price per ticket, total and the group saving. */
export function PricingPanel({ event, quantity }: { event: PricedEvent; quantity: number }) {
  const { t } = useTranslation();
  const priced = quote(event, quantity);
  return (
    <section
      aria-labelledby="pricing-title"
      className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4"
    >
      <h3 id="pricing-title" className="font-sans text-sm font-semibold text-gold-200">
        {t('admin-issuance.pricing.title')}
      </h3>
      <dl className="mt-2 grid gap-1.5 text-sm" aria-live="polite">
        <div className="flex justify-between gap-3">
          <dt className="text-maroon-100">{t('admin-issuance.pricing.tier')}</dt>
          <dd className="text-cream">
            {priced.pricingTier === 'Group'
              ? t('admin-issuance.pricing.groupTier')
              : t('admin-issuance.pricing.individualTier')}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-maroon-100">{t('admin-issuance.pricing.perTicket')}</dt>
          <dd className="text-cream tabular-nums">{formatRupees(priced.pricePerTicket)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-maroon-100">{t('admin-issuance.pricing.quantity')}</dt>
          <dd className="text-cream tabular-nums">× {formatCount(priced.quantity)}</dd>
        </div>
        {priced.saving > 0 ? (
          <div className="flex justify-between gap-3">
            <dt className="text-emerald-200">{t('admin-issuance.pricing.saving')}</dt>
            <dd className="text-emerald-200 tabular-nums">{formatRupees(priced.saving)}</dd>
          </div>
        ) : null}
        <div className="mt-1 flex justify-between gap-3 border-t border-gold-400/20 pt-2 text-base font-bold">
          <dt className="text-cream">{t('admin-issuance.pricing.total')}</dt>
          <dd className="text-gold-200 tabular-nums">{formatRupees(priced.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
