import { transferRefusal } from '@utsav/domain/transfer';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import type { Ticket } from '../types';
import { TransferDialog } from './transfer-dialog';

/** "Transfer" on a ticket that can still be given away; the dialog explains the fee and the rules. */
export function TransferButton({ ticket }: { ticket: Ticket }) {
  const [open, setOpen] = useState(false);
  if (transferRefusal({ status: ticket.status, transferredAt: ticket.transfer?.at ?? null })) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        className="px-2.5! sm:px-4!"
        aria-label={`Transfer ticket ${ticket.ticketId.slice(-8)}`}
        onClick={() => setOpen(true)}
        icon={<Send aria-hidden="true" className="size-4" />}
      >
        Transfer
      </Button>
      {open ? <TransferDialog ticket={ticket} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
