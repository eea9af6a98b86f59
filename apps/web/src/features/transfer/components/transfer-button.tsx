import type { Ticket } from '@utsav/domain/api/tickets';
import { displayTicketCode } from '@utsav/domain/ticket-code';
import { transferRefusal } from '@utsav/domain/transfer';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { TransferDialog } from './transfer-dialog';

/** "Transfer" on a ticket that can still be given away; the dialog explains the fee and the rules. */
export function TransferButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (transferRefusal({ status: ticket.status, transferredAt: ticket.transfer?.at ?? null })) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        className="px-2.5! sm:px-4!"
        aria-label={t('transfer.buttonLabel', { code: displayTicketCode(ticket.ticketId) })}
        onClick={() => setOpen(true)}
        icon={<Send aria-hidden="true" className="size-4" />}
      >
        {t('transfer.button')}
      </Button>
      {open ? <TransferDialog ticket={ticket} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
