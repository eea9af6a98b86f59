import { type ComponentProps, lazy, Suspense } from 'react';
import type { BookingDialog as Dialog } from './booking-dialog';
import type { usePurchaseFlow } from './use-purchase-flow';

// The purchase dialog (and the checkout script it loads) is fetched on the first 'Book' or 'Buy' tap, not with
// the page: neither the landing page nor My Tickets evaluates or renders it before it is asked for (1114).
const BookingDialog = lazy(() =>
  import('./booking-dialog').then((module) => ({ default: module.BookingDialog })),
);

interface BookingDialogOnDemandProps {
  /** False until the dialog is first opened: nothing is fetched before. It stays mounted afterwards. */
  asked: boolean;
  event: ComponentProps<typeof Dialog>['event'] | null | undefined;
  open: boolean;
  onClose: () => void;
  purchase: ReturnType<typeof usePurchaseFlow>;
}

/** The purchase dialog as a page opens it: closes itself on a purchase and hands it to the purchase flow. */
export function BookingDialogOnDemand({ asked, event, open, onClose, purchase }: BookingDialogOnDemandProps) {
  if (!event || !asked) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialog
        event={event}
        open={open}
        onClose={onClose}
        buyer={purchase.buyer}
        onSignIn={purchase.onSignIn}
        onPurchased={(result) => {
          onClose();
          purchase.onPurchased(result);
        }}
        onEventStale={purchase.onEventStale}
      />
    </Suspense>
  );
}
