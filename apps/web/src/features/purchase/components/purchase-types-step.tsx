import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chosen } from '../checkout/order-plan';
import type { LineRefusal } from '../hooks/use-promo-code';
import { TermsAgreement } from './terms-agreement';
import { TypeRow } from './type-row';

// The first step of the purchase dialog for an event of several ticket types (or phases): each type with its
// stepper, an optional code, the order's lines and total, and the terms.

export function TypesStep({
  types,
  chosen,
  maxOf,
  onQuantityChange,
  unlocked,
  refusal,
  agreed,
  onAgreedChange,
  headingRef,
  allowanceNote,
  codeField,
  summary,
  feeNote,
}: {
  types: readonly PublicTicketType[];
  chosen: Chosen;
  maxOf: (type: PublicTicketType) => number;
  onQuantityChange: (typeId: string, quantity: number) => void;
  unlocked: ReadonlySet<string>;
  refusal: LineRefusal | null;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  /** Focus lands on the list's heading when the step opens. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  allowanceNote: ReactNode;
  codeField: ReactNode;
  summary: ReactNode;
  /** The convenience fee per ticket and the total with it, under the total (purchase-fee.tsx FeeNote). */
  feeNote?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5">
      <section aria-labelledby="purchase-types" className="grid gap-3">
        <h3
          id="purchase-types"
          ref={headingRef}
          tabIndex={-1}
          className="font-sans text-sm font-bold tracking-widest text-saffron-300 uppercase focus:outline-none"
        >
          {t('purchase.types.heading')}
        </h3>
        {types.length === 0 ? (
          <p className="text-maroon-100">{t('purchase.types.none')}</p>
        ) : (
          <ul className="grid gap-3">
            {types.map((type) => (
              <TypeRow
                key={type.id}
                type={type}
                quantity={chosen[type.id] ?? 0}
                max={maxOf(type)}
                onChange={(quantity) => onQuantityChange(type.id, quantity)}
                unlocked={unlocked.has(type.id)}
                refusal={refusal?.ticketTypeId === type.id ? refusal.text : null}
              />
            ))}
          </ul>
        )}
      </section>
      {allowanceNote}
      {codeField}
      {summary}
      {feeNote}
      <TermsAgreement agreed={agreed} onAgreedChange={onAgreedChange} />
    </div>
  );
}
