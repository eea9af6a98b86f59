import type { OrderLine } from '@utsav/domain/api/ticket-types';
import { formatRupees } from '@utsav/domain/pricing';
import { useTranslation } from 'react-i18next';

// The order as lines (one type at one phase and price each, so type, phase and price name a line), the code's discount and the total: under the types while
// choosing, and again on the confirm step. Announced politely as it changes.

function LineRow({ line }: { line: OrderLine }) {
  const { t } = useTranslation();
  const name =
    line.admits > 1 ? t('purchase.types.admits', { name: line.name, count: line.admits }) : line.name;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt className="min-w-0 text-maroon-100">
        {t('purchase.summary.line', { name, count: line.quantity, price: formatRupees(line.unitPrice) })}
        {line.phaseLabel ? <span className="ml-1.5 text-xs text-maroon-200">({line.phaseLabel})</span> : null}
      </dt>
      <dd className="font-semibold text-cream">{formatRupees(line.unitPrice * line.quantity)}</dd>
    </div>
  );
}

export function OrderSummary({
  lines,
  discount,
  total,
  code,
  checking,
  changed,
}: {
  lines: readonly OrderLine[];
  discount: number;
  total: number;
  /** The code the discount comes from. */
  code: string | null;
  /** The code is being checked for these tickets: the total with it is not known yet. */
  checking: boolean;
  /** The server's new figures (PRICE_CHANGED). */
  changed: boolean;
}) {
  const { t } = useTranslation();
  const people = lines.reduce((sum, line) => sum + line.quantity * line.admits, 0);
  const tickets = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3 text-sm"
    >
      {lines.length === 0 ? (
        <p className="text-maroon-100">{t('purchase.summary.empty')}</p>
      ) : (
        <>
          {changed ? (
            <p className="mb-1.5 font-semibold text-saffron-300">{t('purchase.summary.changed')}</p>
          ) : null}
          <dl className="grid gap-1.5">
            {lines.map((line) => (
              <LineRow key={`${line.ticketTypeId}-${line.phaseLabel ?? ''}-${line.unitPrice}`} line={line} />
            ))}
            {discount > 0 ? (
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <dt className="text-emerald-300">
                  {code ? t('purchase.summary.discountCode', { code }) : t('purchase.summary.discount')}
                </dt>
                <dd className="font-semibold text-emerald-300">−{formatRupees(discount)}</dd>
              </div>
            ) : null}
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-gold-400/20 pt-2">
              <dt className="font-semibold text-cream">
                {t('purchase.summary.total')}{' '}
                <span className="font-normal text-maroon-200">
                  ({t('purchase.tickets', { count: tickets })}
                  {people !== tickets ? ` · ${t('purchase.summary.people', { count: people })}` : ''})
                </span>
              </dt>
              <dd className="text-2xl font-bold text-gold-200">{formatRupees(total)}</dd>
            </div>
          </dl>
          {checking ? <p className="mt-1.5 text-maroon-200">{t('purchase.summary.checking')}</p> : null}
        </>
      )}
    </div>
  );
}
