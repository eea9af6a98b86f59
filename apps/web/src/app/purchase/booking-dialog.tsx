import type { ComponentProps } from 'react';
import { PurchaseDialog } from '../../features/purchase/components/purchase-dialog';
import { WaitingRoom } from '../../features/waiting-room/components/waiting-room';

/**
 * The purchase dialog as the pages open it (the landing page and the guest dashboard): with the waiting
 * line's screen inside it for when many buy at once. Two features, composed here because features never
 * import each other.
 */
export function BookingDialog(props: Omit<ComponentProps<typeof PurchaseDialog>, 'renderWaitingRoom'>) {
  return <PurchaseDialog {...props} renderWaitingRoom={(slot) => <WaitingRoom {...slot} />} />;
}
