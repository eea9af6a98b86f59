import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import type { AskedQuestion } from '@utsav/domain/checkout-questions';
import { waitableTypes } from '@utsav/domain/waitlist';
import { type ComponentProps, useMemo } from 'react';
import { usePurchaseAllowance } from '../../features/purchase/api/get-purchase-allowance';
import { useVerifyPayment } from '../../features/purchase/api/verify-payment';
import { CheckoutQuestions } from '../../features/purchase/components/checkout-questions';
import { useCheckoutAnswers } from '../../features/purchase/hooks/use-checkout-answers';
import { useMyWaitlist } from '../../features/waitlist/api/get-waitlist';
import type { OfferQuestions } from '../../features/waitlist/components/waitlist-offer';
import { WaitlistPanel } from '../../features/waitlist/components/waitlist-panel';

type WaitlistSectionProps = Omit<
  ComponentProps<typeof WaitlistPanel>,
  'allowanceRemaining' | 'verifyPayment' | 'types' | 'eventSoldOut' | 'offerQuestions'
> & {
  /** GET /event's types: a type sold out on its own opens the line for it while the event still has room. */
  ticketTypes?: readonly PublicTicketType[] | undefined;
  /** GET /event's checkout questions: an offer's banner asks them before paying, as the purchase dialog does. */
  checkoutQuestions?: readonly AskedQuestion[] | undefined;
};

/**
 * The waitlist as the pages show it (the landing page's hero and the guest dashboard), with what it takes
 * from the purchase: how many more tickets the person may buy (the most the join form offers) and the
 * verification of an offer's payment, which issues its tickets like any order's.
 */
export function WaitlistSection({ ticketTypes, checkoutQuestions, ...props }: WaitlistSectionProps) {
  const types = waitableTypes(ticketTypes ?? [], props.soldOut);
  // The line may be joined when the event is sold out, or a type on sale is (docs/decisions/0717).
  const open = props.soldOut || types.length > 0;
  // The join form shows only then, and never in the offer's own banner.
  const allowance = usePurchaseAllowance(props.person, {
    enabled: open && props.part !== 'offer',
  });
  const verify = useVerifyPayment();
  const offerQuestions = useOfferQuestions(props.person, checkoutQuestions, ticketTypes);
  return (
    <WaitlistPanel
      {...props}
      offerQuestions={offerQuestions}
      soldOut={open}
      eventSoldOut={props.soldOut}
      types={types.map((type) => ({ id: type.id, name: type.name }))}
      allowanceRemaining={allowance.data?.remaining ?? null}
      verifyPayment={verify.mutateAsync}
    />
  );
}

/**
 * The purchase dialog's questions and answers for the tickets of the person's offer (of the type GET /waitlist/me
 * names); undefined when the offer's tickets are asked nothing.
 */
function useOfferQuestions(
  person: string | null,
  questions: readonly AskedQuestion[] | undefined,
  ticketTypes: readonly PublicTicketType[] | undefined,
): OfferQuestions | undefined {
  const place = useMyWaitlist(person, { enabled: person !== null });
  const offered = place.data?.status === 'offered' ? place.data.quantity : 0;
  const offeredType = place.data?.offerTicketTypeId ?? null;
  // The offer's own type decides which questions it is asked (a question may be for some types only).
  const order = useMemo(
    () =>
      offered > 0
        ? {
            quantity: offered,
            items: offeredType ? [{ ticketTypeId: offeredType, quantity: offered }] : null,
          }
        : null,
    [offered, offeredType],
  );
  const answers = useCheckoutAnswers(questions, order, ticketTypes);
  if (answers.groups.length === 0) return undefined;
  return {
    form: <CheckoutQuestions answers={answers} names={[]} />,
    check: answers.check,
    payload: answers.payload,
    showRefusal: answers.showRefusal,
  };
}
