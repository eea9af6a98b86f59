import type { PersonAllowance } from '@utsav/domain/person-limit';
import type { RefObject } from 'react';
import type { Notice, PurchaseEvent } from '../checkout/purchase-types';
import type { OrderChoice } from '../hooks/use-order-choice';
import type { ResaleChoice } from '../hooks/use-resale-choice';
import { AllowanceNote } from './purchase-allowance';
import { ChoiceCodeField, ChoiceSummary } from './purchase-choice-parts';
import { FeeNote } from './purchase-fee';
import { NoticeLine } from './purchase-notice';
import { ResaleLink } from './purchase-resale';
import { SelectStep } from './purchase-select-step';
import { TypesStep } from './purchase-types-step';

/**
 * The dialog's first step for new tickets: the event's types (TypesStep) or the product's one price (SelectStep),
 * with the code, the allowance, the way to resold tickets and the dialog's notice.
 */
export function ChoiceStep({
  event,
  choice,
  resale,
  allowance,
  signedIn,
  agreed,
  onAgreedChange,
  notice,
  quantityRef,
  typesHeadingRef,
}: {
  event: PurchaseEvent;
  choice: OrderChoice;
  resale: ResaleChoice;
  allowance: PersonAllowance | null;
  signedIn: boolean;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  notice: Notice | null;
  quantityRef: RefObject<HTMLInputElement | null>;
  typesHeadingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const codeField = <ChoiceCodeField choice={choice} signedIn={signedIn} />;
  const summary = <ChoiceSummary choice={choice} />;
  const allowanceNote = allowance ? <AllowanceNote allowance={allowance} /> : null;
  const feeNote = <FeeNote view={event.convenienceFee} order={choice.planned} />;
  const { text, setText, max } = choice.classic;
  return (
    <>
      {choice.typed ? (
        <TypesStep
          types={choice.types}
          chosen={choice.chosen}
          maxOf={choice.maxOf}
          onQuantityChange={choice.setQuantity}
          unlocked={choice.code.unlocked}
          refusal={choice.lineRefusal}
          agreed={agreed}
          onAgreedChange={onAgreedChange}
          headingRef={typesHeadingRef}
          allowanceNote={allowanceNote}
          codeField={codeField}
          summary={summary}
          feeNote={feeNote}
        />
      ) : (
        <SelectStep
          event={event}
          max={max}
          text={text}
          onTextChange={setText}
          priced={choice.classic.quote}
          agreed={agreed}
          onAgreedChange={onAgreedChange}
          inputRef={quantityRef}
          allowanceNote={allowanceNote}
          codeField={event.ticketTypes ? codeField : null}
          summary={choice.showsLines ? summary : null}
          feeNote={feeNote}
        />
      )}
      <ResaleLink resale={resale} />
      <div className="mt-3">
        <NoticeLine notice={notice} />
      </div>
    </>
  );
}
