import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import { waitableTypes } from '@utsav/domain/waitlist';
import type { ComponentProps } from 'react';
import { usePurchaseAllowance } from '../../features/purchase/api/get-purchase-allowance';
import { useVerifyPayment } from '../../features/purchase/api/verify-payment';
import { WaitlistPanel } from '../../features/waitlist/components/waitlist-panel';

type WaitlistSectionProps = Omit<
  ComponentProps<typeof WaitlistPanel>,
  'allowanceRemaining' | 'verifyPayment' | 'types' | 'eventSoldOut'
> & {
  /** GET /event's types: a type sold out on its own opens the line for it while the event still has room. */
  ticketTypes?: readonly PublicTicketType[] | undefined;
};

/**
 * The waitlist as the pages show it (the landing page's hero and the guest dashboard), with what it takes
 * from the purchase: how many more tickets the person may buy (the most the join form offers) and the
 * verification of an offer's payment, which issues its tickets like any order's.
 */
export function WaitlistSection({ ticketTypes, ...props }: WaitlistSectionProps) {
  const types = waitableTypes(ticketTypes ?? [], props.soldOut);
  // The line may be joined when the event is sold out, or a type on sale is (docs/decisions/0717).
  const open = props.soldOut || types.length > 0;
  // The join form shows only then, and never in the offer's own banner.
  const allowance = usePurchaseAllowance(props.person, {
    enabled: open && props.part !== 'offer',
  });
  const verify = useVerifyPayment();
  return (
    <WaitlistPanel
      {...props}
      soldOut={open}
      eventSoldOut={props.soldOut}
      types={types.map((type) => ({ id: type.id, name: type.name }))}
      allowanceRemaining={allowance.data?.remaining ?? null}
      verifyPayment={verify.mutateAsync}
    />
  );
}
