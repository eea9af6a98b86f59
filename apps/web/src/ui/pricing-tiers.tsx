import { GROUP_MIN_QUANTITY } from '@utsav/domain/constants';
import { formatRupees, hasGroupPrice, type PricedEvent, type PricingTier } from '@utsav/domain/pricing';
import { useTranslation } from 'react-i18next';

/**
 * The two price tiers (docs/product.md#purchase): 1-3 tickets at the ticket price, 4 or more at the group price when
 * the event has one. Shared by the purchase dialog and the guest dashboard's 'Get Your Tickets' card.
 */
export function PricingTiers({ event, activeTier }: { event: PricedEvent; activeTier?: PricingTier }) {
  const { t } = useTranslation();
  const group = hasGroupPrice(event) ? (event.groupPrice4 as number) : null;
  if (group === null) {
    return (
      <ul className="grid gap-3">
        <Tier
          name={t('purchase.pricing.perTicket')}
          range={t('purchase.pricing.anyQuantity')}
          price={event.ticketPrice}
          note={t('purchase.pricing.samePrice')}
          active={activeTier !== undefined}
        />
      </ul>
    );
  }
  const saving = event.ticketPrice - group;
  return (
    // Side by side while each tier gets 9rem, stacked otherwise: a rem grows with the text size, so large
    // text on a phone stacks them instead of pushing the Group tier off-screen.
    <ul className="grid grid-cols-[repeat(auto-fit,minmax(min(9rem,100%),1fr))] gap-3">
      <Tier
        name={t('purchase.tier.individual')}
        range={t('purchase.pricing.upTo', { max: GROUP_MIN_QUANTITY - 1 })}
        price={event.ticketPrice}
        note={t('purchase.pricing.each')}
        active={activeTier === 'Individual'}
      />
      <Tier
        name={t('purchase.tier.group')}
        range={t('purchase.pricing.from', { min: GROUP_MIN_QUANTITY })}
        price={group}
        note={
          saving > 0
            ? t('purchase.pricing.eachSaving', { amount: formatRupees(saving) })
            : t('purchase.pricing.each')
        }
        active={activeTier === 'Group'}
      />
    </ul>
  );
}

function Tier({
  name,
  range,
  price,
  note,
  active,
}: {
  name: string;
  range: string;
  price: number;
  note: string;
  active: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li
      aria-current={active ? 'true' : undefined}
      className={`min-w-0 rounded-xl border p-3 break-words transition-colors sm:p-4 ${
        active
          ? 'border-saffron-300 bg-saffron-400/15 ring-1 ring-saffron-300'
          : 'border-gold-400/30 bg-maroon-950/60'
      }`}
    >
      <p className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 font-semibold text-cream">
        {name}
        {active ? (
          <span className="rounded-full bg-saffron-300 px-2 py-0.5 text-[0.7rem] font-bold whitespace-nowrap text-ink uppercase">
            {t('purchase.pricing.yourPrice')}
          </span>
        ) : null}
      </p>
      <p className="text-sm text-maroon-100">{range}</p>
      <p className="mt-1.5 text-2xl font-bold text-gold-200">{formatRupees(price)}</p>
      <p className="text-xs text-maroon-200">{note}</p>
    </li>
  );
}
