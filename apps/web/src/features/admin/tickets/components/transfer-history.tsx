import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { formatInstant } from '../../../../ui/format';
import { type AdminTransfer, useTransfers } from '../api/get-transfers';

const STATUS_TEXT: Record<AdminTransfer['status'], string> = {
  created: 'Awaiting payment',
  completed: 'Completed',
  failed: 'Failed',
  expired: 'Expired',
};

function TransferItem({ transfer }: { transfer: AdminTransfer }) {
  return (
    <li className="rounded-xl border border-gold-400/20 bg-maroon-950/60 p-3 text-sm">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-mono text-gold-200">
          {transfer.ticketId}
          {transfer.newTicketId ? ` → ${transfer.newTicketId}` : ''}
        </span>
        <span className="text-xs font-bold text-maroon-100 uppercase">{STATUS_TEXT[transfer.status]}</span>
      </p>
      <p className="mt-1 text-cream [overflow-wrap:anywhere]">
        {transfer.from.name} ({transfer.from.email}) to {transfer.to.name} ({transfer.to.email})
      </p>
      <p className="mt-0.5 text-maroon-200">
        Fee ₹{transfer.fee} · {formatInstant(transfer.completedAt ?? transfer.createdAt)}
        {transfer.failureReason ? ` · ${transfer.failureReason}` : ''}
      </p>
    </li>
  );
}

/** Admin ticket management: who transferred which ticket to whom, and when (loaded when opened). */
export function TransferHistory() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const transfers = useTransfers({ enabled: open });
  let content = null;
  if (open) {
    if (transfers.isError)
      content = (
        <p role="alert" className="text-rose-200">
          The transfers could not be loaded.
        </p>
      );
    else if (!transfers.data) content = <p className="text-maroon-100">Loading transfers…</p>;
    else if (transfers.data.length === 0)
      content = <p className="text-maroon-100">No ticket has been transferred yet.</p>;
    else
      content = (
        <ul className="grid gap-2">
          {transfers.data.map((transfer) => (
            <TransferItem key={transfer.id} transfer={transfer} />
          ))}
        </ul>
      );
  }
  return (
    <section aria-label="Transfer history" className="card mt-6 p-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
        className="flex w-full items-center justify-between gap-2 text-left font-semibold text-gold-200"
      >
        Transfer History
        <ChevronDown
          aria-hidden="true"
          className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={listId} className={open ? 'mt-3' : 'hidden'}>
        {content}
      </div>
    </section>
  );
}
