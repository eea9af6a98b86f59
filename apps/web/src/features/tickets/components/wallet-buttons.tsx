import type { Ticket } from '@utsav/domain/api/tickets';
import { displayTicketCode } from '@utsav/domain/ticket-code';
import { canAddToWallet } from '@utsav/domain/wallet';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { useAddToAppleWallet } from '../api/add-to-apple-wallet';
import { useSaveToGoogleWallet } from '../api/save-to-google-wallet';

/** "Add to Apple Wallet" and "Save to Google Wallet" for a ticket that can still get in. */
export function WalletButtons({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const apple = useAddToAppleWallet();
  const google = useSaveToGoogleWallet();
  if (!canAddToWallet(ticket)) return null;
  const code = displayTicketCode(ticket.ticketId);
  return (
    <div className="grid grid-cols-[repeat(auto-fit,minmax(min(8.5rem,100%),1fr))] gap-2 sm:flex sm:flex-wrap">
      <Button
        size="sm"
        variant="secondary"
        className="px-2.5! sm:px-4!"
        loading={apple.isPending}
        aria-label={t('tickets.wallet.appleLabel', { code })}
        icon={<Wallet aria-hidden="true" className="size-4" />}
        onClick={() =>
          apple.mutate(
            { ticketId: ticket.id, ticketCode: ticket.ticketId },
            {
              onSuccess: () => toast.success(t('tickets.wallet.appleDone')),
              onError: (error) =>
                toast.error(t('tickets.wallet.appleFailed', { reason: errorMessage(error) })),
            },
          )
        }
      >
        {t('tickets.wallet.apple')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        className="px-2.5! sm:px-4!"
        loading={google.isPending}
        aria-label={t('tickets.wallet.googleLabel', { code })}
        icon={<Wallet aria-hidden="true" className="size-4" />}
        onClick={() =>
          google.mutate(
            { ticketId: ticket.id },
            {
              onError: (error) =>
                toast.error(t('tickets.wallet.googleFailed', { reason: errorMessage(error) })),
            },
          )
        }
      >
        {t('tickets.wallet.google')}
      </Button>
    </div>
  );
}
