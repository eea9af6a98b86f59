import { formatRupees, type PricedEvent, quote } from '@utsav/domain/pricing';

/** The pricing calculation (admin-side §9): tier, price per ticket, total and the group saving. */
export function PricingPanel({ event, quantity }: { event: PricedEvent; quantity: number }) {
  const priced = quote(event, quantity);
  return (
    <section
      aria-labelledby="pricing-title"
      className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4"
    >
      <h3 id="pricing-title" className="font-sans text-sm font-semibold text-gold-200">
        Pricing
      </h3>
      <dl className="mt-2 grid gap-1.5 text-sm" aria-live="polite">
        <div className="flex justify-between gap-3">
          <dt className="text-maroon-100">Tier</dt>
          <dd className="text-cream">
            {priced.pricingTier === 'Group' ? 'Group (4+ tickets)' : 'Individual (1-3 tickets)'}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-maroon-100">Price per ticket</dt>
          <dd className="text-cream tabular-nums">{formatRupees(priced.pricePerTicket)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-maroon-100">Quantity</dt>
          <dd className="text-cream tabular-nums">× {priced.quantity}</dd>
        </div>
        {priced.saving > 0 ? (
          <div className="flex justify-between gap-3">
            <dt className="text-emerald-200">Group saving</dt>
            <dd className="text-emerald-200 tabular-nums">{formatRupees(priced.saving)}</dd>
          </div>
        ) : null}
        <div className="mt-1 flex justify-between gap-3 border-t border-gold-400/20 pt-2 text-base font-bold">
          <dt className="text-cream">Total</dt>
          <dd className="text-gold-200 tabular-nums">{formatRupees(priced.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
