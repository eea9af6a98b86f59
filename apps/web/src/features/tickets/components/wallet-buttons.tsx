import { canAddToWallet } from '@utsav/domain/wallet';
import { Wallet } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { useAddToAppleWallet } from '../api/add-to-apple-wallet';
import { useSaveToGoogleWallet } from '../api/save-to-google-wallet';
import type { Ticket } from '../types';

/** "Add to Apple Wallet" and "Save to Google Wallet" for a ticket that can still get in. */
export function WalletButtons({ ticket }: { ticket: Ticket }) {
  const apple = useAddToAppleWallet();
  const google = useSaveToGoogleWallet();
  if (!canAddToWallet(ticket)) return null;
  const label = `ticket ending ${ticket.ticketId.slice(-4)}`;
  return (
    <div className="grid grid-cols-[repeat(auto-fit,minmax(min(8.5rem,100%),1fr))] gap-2 sm:flex sm:flex-wrap">
      <Button
        size="sm"
        variant="secondary"
        className="px-2.5! sm:px-4!"
        loading={apple.isPending}
        aria-label={`Add ${label} to Apple Wallet`}
        icon={<Wallet aria-hidden="true" className="size-4" />}
        onClick={() =>
          apple.mutate(
            { ticketId: ticket.id, ticketCode: ticket.ticketId },
            {
              onSuccess: () =>
                toast.success('Wallet pass downloaded. Open it to add the ticket to Apple Wallet.'),
              onError: (error) =>
                toast.error(`The Apple Wallet pass could not be made: ${errorMessage(error)}`),
            },
          )
        }
      >
        Add to Apple Wallet
      </Button>
      <Button
        size="sm"
        variant="secondary"
        className="px-2.5! sm:px-4!"
        loading={google.isPending}
        aria-label={`Save ${label} to Google Wallet`}
        icon={<Wallet aria-hidden="true" className="size-4" />}
        onClick={() =>
          google.mutate(
            { ticketId: ticket.id },
            { onError: (error) => toast.error(`Google Wallet could not be opened: ${errorMessage(error)}`) },
          )
        }
      >
        Save to Google Wallet
      </Button>
    </div>
  );
}
