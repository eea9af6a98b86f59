import type { ResaleListing } from '@utsav/domain/api/resale';
import type { Ticket } from '@utsav/domain/api/tickets';
import { isLiveListing } from '@utsav/domain/resale';
import { displayTicketCode } from '@utsav/domain/ticket-code';
import { Repeat, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { formatInstant, formatRupees } from '../../../ui/format';
import { type MyResales, useResaleChange } from '../api/my-resales';
import { ResaleDialog } from './resale-dialog';
import { ticketResaleRefusal } from './resale-facts';

/** The ticket's newest listing (the server sends them newest first). */
function listingOf(resales: MyResales | undefined, ticket: Ticket): ResaleListing | undefined {
  return resales?.listings.find((listing) => listing.ticketId === ticket.id);
}

/** A resold ticket's sale and its refund (the refund's status is drawn by the page, which has the refunds). */
function Resold({ listing, refundStatus }: { listing: ResaleListing | undefined; refundStatus: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="col-span-full flex w-full flex-col gap-1 rounded-xl border border-gold-400/30 bg-maroon-950/60 p-3 text-sm text-maroon-50">
      <p className="font-bold text-gold-200">{t('resale.card.resold')}</p>
      {listing ? (
        <>
          <p>{t('resale.card.soldAt', { when: formatInstant(listing.soldAt) })}</p>
          <p className="flex flex-wrap items-center gap-2">
            <span>
              {listing.refundAmount > 0
                ? t('resale.card.refund', { amount: formatRupees(listing.refundAmount) })
                : t('resale.card.noRefund')}
            </span>
            {refundStatus}
          </p>
        </>
      ) : null}
    </div>
  );
}

/**
 * The resale part of a ticket's card: "Resell this ticket" where the domain lets it be listed (or the reason, when
 * asked, for one received by transfer within the hour); "Listed for resale · still valid" with Withdraw while it
 * waits for a buyer; "Resold" with the refund once it sold. `refundStatus` draws a refund's status by its id.
 */
export function ResaleTicketAction({
  ticket,
  resales,
  refundStatus,
  soldOnly = false,
}: {
  ticket: Ticket;
  resales: MyResales | undefined;
  refundStatus: (refundId: string) => ReactNode;
  /** Only a resold ticket's sale and refund: no listing or withdrawing (a called-off night). */
  soldOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const withdraw = useResaleChange('withdraw');
  const listing = listingOf(resales, ticket);
  const code = displayTicketCode(ticket.ticketId);

  if (ticket.status === 'cancelled' && ticket.resoldAt) {
    return (
      <Resold
        listing={listing?.status === 'sold' ? listing : undefined}
        refundStatus={listing?.refundId ? refundStatus(listing.refundId) : null}
      />
    );
  }
  if (soldOnly || ticket.status !== 'active' || !resales) return null;

  if (listing && isLiveListing(listing.status)) {
    async function handleWithdraw() {
      try {
        await withdraw.mutateAsync(ticket.id);
        toast.success(t('resale.withdrawnToast'));
      } catch (error) {
        toast.error(errorMessage(error));
      }
    }
    return (
      <>
        <p
          className="col-span-full w-full rounded-xl bg-amber-200 px-3 py-2 text-sm font-semibold text-amber-950"
          data-testid="resale-listed"
        >
          {t('resale.card.listed')}
        </p>
        <Button
          size="sm"
          variant="secondary"
          className="px-2.5! sm:px-4!"
          aria-label={t('resale.withdrawLabel', { code })}
          loading={withdraw.isPending}
          onClick={() => void handleWithdraw()}
          icon={<Undo2 aria-hidden="true" className="size-4" />}
        >
          {t('resale.withdraw')}
        </Button>
      </>
    );
  }

  // Never for a ticket that can never be listed (used, cancelled, issued by staff), nor while resale is off or
  // past its cut-off; one received within the hour asks and is told when.
  const refusal = ticketResaleRefusal(ticket, new Date());
  if ((refusal !== null && refusal !== 'justReceived') || !resales.terms.open) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        className="px-2.5! sm:px-4!"
        aria-label={t('resale.buttonLabel', { code })}
        onClick={() => setOpen(true)}
        icon={<Repeat aria-hidden="true" className="size-4" />}
      >
        {t('resale.button')}
      </Button>
      {open ? <ResaleDialog ticket={ticket} terms={resales.terms} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
