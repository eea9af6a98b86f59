import type { ComponentProps } from 'react';
import { usePurchaseAllowance } from '../../features/purchase/api/get-purchase-allowance';
import { useVerifyPayment } from '../../features/purchase/api/verify-payment';
import { WaitlistPanel } from '../../features/waitlist/components/waitlist-panel';

type WaitlistSectionProps = Omit<
  ComponentProps<typeof WaitlistPanel>,
  'allowanceRemaining' | 'verifyPayment'
>;

/**
 * The waitlist as the pages show it (the landing page's hero and the guest dashboard), with what it takes
 * from the purchase: how many more tickets the person may buy (the most the join form offers) and the
 * verification of an offer's payment, which issues its tickets like any order's.
 */
export function WaitlistSection(props: WaitlistSectionProps) {
  // The join form shows only when sold out, and never in the offer's own banner.
  const allowance = usePurchaseAllowance(props.person, {
    enabled: props.soldOut && props.part !== 'offer',
  });
  const verify = useVerifyPayment();
  return (
    <WaitlistPanel
      {...props}
      allowanceRemaining={allowance.data?.remaining ?? null}
      verifyPayment={verify.mutateAsync}
    />
  );
}
