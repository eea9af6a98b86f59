import { formatRupees } from '@utsav/domain/pricing';
import { ArrowLeft, Repeat, Ticket } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { TicketTypeMark } from '../../../ui/ticket-type-mark';
import type { PlannedOrder } from '../checkout/order-plan';
import type { ResaleChoice } from '../hooks/use-resale-choice';

// The "Resale" part of the purchase dialog: the types whose stock is gone with resold tickets waiting, each marked
// "Resale" at its face value; and the summary of a resold ticket before paying.

const MARK = 'inline-flex rounded-full bg-amber-200 px-2 py-0.5 text-xs font-bold text-amber-950';

export function ResaleMark() {
  const { t } = useTranslation();
  return <span className={MARK}>{t('purchase.resale.mark')}</span>;
}

/** Choosing a resold ticket: one a purchase, of one type, at the listing's face value. */
export function ResaleStep({
  resale,
  soldOut,
  terms,
  notice,
}: {
  resale: ResaleChoice;
  soldOut: boolean;
  terms: ReactNode;
  notice: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <p className="text-maroon-50">
        {soldOut ? t('purchase.resale.soldOutIntro') : t('purchase.resale.intro')}
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold text-cream">{t('purchase.resale.choose')}</legend>
        {resale.offers.map((offer) => (
          <label
            key={offer.type.id}
            className="flex cursor-pointer flex-wrap items-center gap-3 rounded-xl border border-gold-400/30 bg-maroon-950/60 p-3"
          >
            <input
              type="radio"
              name="resale-type"
              className="size-5 accent-saffron-400"
              checked={resale.offer?.type.id === offer.type.id}
              onChange={() => resale.pick(offer.type.id)}
            />
            <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
              <TicketTypeMark type={offer.type} />
              <ResaleMark />
            </span>
            <span className="font-bold text-gold-200">{formatRupees(offer.price)}</span>
            <span className="basis-full text-xs text-maroon-100">
              {t('purchase.resale.available', { count: offer.count })}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-maroon-100">{t('purchase.resale.howItWorks')}</p>
      {terms}
      {notice}
    </div>
  );
}

/** The confirm step's summary of a resold ticket. */
export function ResaleSummary({ order }: { order: PlannedOrder }) {
  const { t } = useTranslation();
  const line = order.lines[0];
  return (
    <dl className="grid gap-2 rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3 text-sm">
      <div className="flex flex-wrap justify-between gap-3">
        <dt className="flex flex-wrap items-center gap-2 text-maroon-100">
          {line?.name} <ResaleMark />
        </dt>
        <dd className="font-semibold text-cream">{formatRupees(order.total)}</dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-gold-400/20 pt-2">
        <dt className="font-semibold text-cream">{t('purchase.confirm.total')}</dt>
        <dd className="text-xl font-bold text-gold-200">{formatRupees(order.total)}</dd>
      </div>
    </dl>
  );
}

/** In the normal choice, while resold tickets of a type whose stock is gone wait: a way to them. */
export function ResaleLink({ resale }: { resale: ResaleChoice }) {
  const { t } = useTranslation();
  if (resale.offers.length === 0) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-3"
      onClick={() => resale.choose(true)}
      icon={<Repeat aria-hidden="true" className="size-4" />}
    >
      {t('purchase.resale.link')}
    </Button>
  );
}

/** Back to new tickets (when some remain), and Continue once a resold ticket is picked and the terms ticked. */
export function ResaleFooter({
  onBack,
  onContinue,
  ready,
  primaryRef,
}: {
  onBack: (() => void) | null;
  onContinue: () => void;
  ready: boolean;
  primaryRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {onBack ? (
        <Button variant="ghost" onClick={onBack} icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
          {t('purchase.button.back')}
        </Button>
      ) : null}
      <Button
        ref={primaryRef}
        onClick={onContinue}
        disabled={!ready}
        icon={<Ticket aria-hidden="true" className="size-5" />}
      >
        {t('purchase.button.continue')}
      </Button>
    </>
  );
}
