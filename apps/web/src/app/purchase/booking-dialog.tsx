import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PurchaseDialog } from '../../features/purchase/components/purchase-dialog';
import { WaitingRoom } from '../../features/waiting-room/components/waiting-room';
import { useMyWaitlist } from '../../features/waitlist/api/get-waitlist';
import { Dialog } from '../../ui/dialog';
import { WaitlistSection } from './waitlist-section';

/**
 * The purchase dialog as the pages open it (the landing page and the guest dashboard): with the waiting
 * line's screen inside it for when many buy at once. Two features, composed here because features never
 * import each other.
 *
 * A person holding a waitlist offer is shown that offer instead of the steps: the page's buy button and the offer's
 * banner lead to the same tickets, the same order and the same payment (the server sells the offer through any
 * checkout too). The dialog steps aside while the payment window is open, as the purchase's own does.
 */
export function BookingDialog(props: Omit<ComponentProps<typeof PurchaseDialog>, 'renderWaitingRoom'>) {
  const { t } = useTranslation();
  const person = props.buyer?.email ?? null;
  const place = useMyWaitlist(person, { enabled: props.open });
  const [paying, setPaying] = useState(false);
  if (place.data?.status === 'offered' && place.data.offerExpiresAt) {
    return (
      <Dialog
        open={props.open && !paying}
        onClose={props.onClose}
        title={t('waitlist.offer.title')}
        description={t('waitlist.offer.dialogHint')}
      >
        <WaitlistSection
          part="offer"
          inDialog
          person={person}
          soldOut
          eventName={props.event.name}
          ticketTypes={props.event.ticketTypes}
          checkoutQuestions={props.event.checkoutQuestions}
          onSignIn={() => undefined}
          onPayingChange={setPaying}
          onPurchased={(result) => {
            setPaying(false);
            props.onPurchased(result);
          }}
        />
      </Dialog>
    );
  }
  return <PurchaseDialog {...props} renderWaitingRoom={(slot) => <WaitingRoom {...slot} />} />;
}
