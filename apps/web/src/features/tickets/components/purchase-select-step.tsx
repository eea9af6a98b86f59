import type { Quote } from '@utsav/domain/pricing';
import { formatRupees } from '@utsav/domain/pricing';
import { quantityMessage } from '@utsav/domain/purchase-schema';
import type { ReactNode, RefObject } from 'react';
import { PricingTiers } from '../../../ui/pricing-tiers';
import { ticketsLabel } from '../checkout/purchase-messages';
import type { PurchaseEvent } from '../checkout/purchase-types';
import { QuantityStepper } from './quantity-stepper';

// The first step of the purchase dialog: the tiers, how many tickets, the total and the terms.

function TotalLine({ priced }: { priced: Quote | null }) {
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
              {ticketsLabel(priced.quantity)} × {formatRupees(priced.pricePerTicket)}
              <span className="ml-1.5 text-xs text-maroon-200">({priced.pricingTier})</span>
            </span>
            <span className="text-2xl font-bold text-gold-200">
              <span className="sr-only">Total </span>
              {formatRupees(priced.total)}
            </span>
          </p>
          {priced.saving > 0 ? (
            <p className="mt-1 text-sm font-semibold text-emerald-300">
              You save {formatRupees(priced.saving)} with the group price
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-maroon-100">Choose how many tickets to see the total.</p>
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
}) {
  const error = priced ? null : quantityMessage(max);
  return (
    <div className="grid gap-5">
      <section aria-labelledby="purchase-pricing">
        <h3
          id="purchase-pricing"
          className="mb-2 font-sans text-sm font-bold tracking-widest text-saffron-300 uppercase"
        >
          Pricing
        </h3>
        <PricingTiers event={event} activeTier={priced?.pricingTier} />
      </section>
      <QuantityStepper text={text} max={max} onTextChange={onTextChange} error={error} inputRef={inputRef} />
      {allowanceNote}
      <TotalLine priced={priced} />
      <label className="flex cursor-pointer items-start gap-3 text-sm break-words text-maroon-50">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(changeEvent) => onAgreedChange(changeEvent.target.checked)}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-saffron-400"
        />
        <span>
          I agree to the{' '}
          <a
            href="/terms-of-service"
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-gold-200 underline underline-offset-2 hover:text-gold-300"
          >
            Terms of Service
          </a>{' '}
          and the{' '}
          <a
            href="/refund-policy"
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-gold-200 underline underline-offset-2 hover:text-gold-300"
          >
            Refund Policy
          </a>
          .
        </span>
      </label>
    </div>
  );
}
