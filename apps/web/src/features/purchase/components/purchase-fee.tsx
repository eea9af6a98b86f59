import type { ConvenienceFeeView } from '@utsav/domain/convenience-fee';
import { formatRupees } from '@utsav/domain/pricing';
import { useTranslation } from 'react-i18next';
import type { PlannedOrder } from '../checkout/order-plan';
import { type PlannedFee, plannedFee } from '../checkout/planned-fee';

// The convenience fee the buyer pays on top of the tickets: a note where the quantity is chosen, then on the last
// step before paying its own line and what the payment will be. Nothing when there is no fee to pay (none, or the
// organiser absorbs it).

export function FeeSummary({ fee }: { fee: PlannedFee }) {
  const { t } = useTranslation();
  if (fee.onTop <= 0) return null;
  return (
    <dl
      aria-live="polite"
      aria-atomic="true"
      className="grid gap-1.5 rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <dt className="min-w-0 text-maroon-100">
          {t('purchase.fee.line')} <span className="text-xs text-maroon-200">({t('purchase.fee.why')})</span>
        </dt>
        <dd className="font-semibold text-cream">{formatRupees(fee.onTop)}</dd>
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-gold-400/20 pt-2">
        <dt className="font-semibold text-cream">{t('purchase.fee.toPay')}</dt>
        <dd className="text-2xl font-bold text-gold-200">{formatRupees(fee.toPay)}</dd>
      </div>
    </dl>
  );
}

/**
 * The fee where the buyer first chooses how many tickets: what it is per ticket and what the payment will then
 * be, priced by the same rule as the last step (plannedFee). Nothing without a fee the buyer pays, without a
 * valid choice yet, or for resold tickets (sold at face value).
 */
export function FeeNote({
  view,
  order,
}: {
  view: ConvenienceFeeView | null | undefined;
  order: PlannedOrder | null;
}) {
  const { t } = useTranslation();
  if (view?.paidBy !== 'buyer' || !order || order.resale) return null;
  const fee = plannedFee(order, view);
  if (fee.onTop <= 0) return null;
  return (
    <p aria-live="polite" aria-atomic="true" className="-mt-2 text-sm text-maroon-100">
      {view.basis === 'fixed'
        ? t('purchase.fee.perTicketFixed', { amount: formatRupees(view.amount) })
        : t('purchase.fee.perTicketPercent', { percent: view.amount })}{' '}
      <span className="font-semibold text-cream">
        {t('purchase.fee.totalWithFee', { total: formatRupees(fee.toPay) })}
      </span>
    </p>
  );
}
