import type { Quote } from '@utsav/domain/pricing';
import { formatRupees } from '@utsav/domain/pricing';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PricingTiers } from '../../../ui/pricing-tiers';
import { tierName } from '../checkout/purchase-messages';
import type { PurchaseEvent } from '../checkout/purchase-types';
import { QuantityStepper } from './quantity-stepper';
import { TermsAgreement } from './terms-agreement';

// The first step of the purchase dialog at the product's one price: the tiers, how many tickets, an optional
// code, the total and the terms (purchase-types-step.tsx is the same step for an event of several types).

function TotalLine({ priced }: { priced: Quote | null }) {
  const { t } = useTranslation();
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="rounded-xl border border-gold-400/30 bg-maroon-950/70 px-4 py-3"
    >
      {priced ? (
        <>
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="text-maroon-100">
              {t('purchase.total.line', {
                count: priced.quantity,
                price: formatRupees(priced.pricePerTicket),
              })}
              <span className="ml-1.5 text-xs text-maroon-200">({tierName(priced.pricingTier, t)})</span>
            </span>
            <span className="text-2xl font-bold text-gold-200">
              <span className="sr-only">{t('purchase.total.label')} </span>
              {formatRupees(priced.total)}
            </span>
          </p>
          {priced.saving > 0 ? (
            <p className="mt-1 text-sm font-semibold text-emerald-300">
              {t('purchase.total.saving', { amount: formatRupees(priced.saving) })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-maroon-100">{t('purchase.total.empty')}</p>
      )}
    </div>
  );
}

export function SelectStep({
  event,
  max,
  text,
  onTextChange,
  priced,
  agreed,
  onAgreedChange,
  inputRef,
  allowanceNote,
  codeField,
  summary,
  feeNote,
}: {
  event: PurchaseEvent;
  max: number;
  text: string;
  onTextChange: (text: string) => void;
  priced: Quote | null;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  allowanceNote: ReactNode;
  /** The promo code field, when the event's type is known (a code goes with an order of it). */
  codeField: ReactNode;
  /** The order's lines in place of the plain total (a code applied). */
  summary: ReactNode;
  /** The convenience fee per ticket and the total with it, under the total (purchase-fee.tsx FeeNote). */
  feeNote?: ReactNode;
}) {
  const { t } = useTranslation();
  const error = priced ? null : t('purchase.quantity.invalid', { max });
  return (
    <div className="grid gap-5">
      <section aria-labelledby="purchase-pricing">
        <h3
          id="purchase-pricing"
          className="mb-2 font-sans text-sm font-bold tracking-widest text-saffron-300 uppercase"
        >
          {t('purchase.pricing.heading')}
        </h3>
        <PricingTiers event={event} activeTier={priced?.pricingTier} />
      </section>
      <QuantityStepper text={text} max={max} onTextChange={onTextChange} error={error} inputRef={inputRef} />
      {allowanceNote}
      {codeField}
      {summary ?? <TotalLine priced={priced} />}
      {feeNote}
      <TermsAgreement agreed={agreed} onAgreedChange={onAgreedChange} />
    </div>
  );
}
