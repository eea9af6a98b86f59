import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant, formatRupees } from '../../../../ui/format';
import { type AdminTransfer, useTransfers } from '../api/get-transfers';

const STATUS_KEYS: Record<AdminTransfer['status'], string> = {
  created: 'admin-tickets.transfers.status.created',
  completed: 'admin-tickets.transfers.status.completed',
  failed: 'admin-tickets.transfers.status.failed',
  expired: 'admin-tickets.transfers.status.expired',
};

function TransferItem({ transfer }: { transfer: AdminTransfer }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-xl border border-gold-400/20 bg-maroon-950/60 p-3 text-sm">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-mono text-gold-200">
          {transfer.ticketId}
          {transfer.newTicketId ? ` → ${transfer.newTicketId}` : ''}
        </span>
        <span className="text-xs font-bold text-maroon-100 uppercase">{t(STATUS_KEYS[transfer.status])}</span>
      </p>
      <p className="mt-1 text-cream [overflow-wrap:anywhere]">
        {t('admin-tickets.transfers.fromTo', {
          from: `${transfer.from.name} (${transfer.from.email})`,
          to: `${transfer.to.name} (${transfer.to.email})`,
        })}
      </p>
      <p className="mt-0.5 text-maroon-200">
        {t('admin-tickets.transfers.fee', { fee: formatRupees(transfer.fee) })} ·{' '}
        {formatInstant(transfer.completedAt ?? transfer.createdAt)}
        {transfer.failureReason ? ` · ${transfer.failureReason}` : ''}
      </p>
    </li>
  );
}

/** Admin ticket management: who transferred which ticket to whom, and when (loaded when opened). */
export function TransferHistory() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const transfers = useTransfers({ enabled: open });
  let content = null;
  if (open) {
    if (transfers.isError)
      content = (
        <p role="alert" className="text-rose-200">
          {t('admin-tickets.transfers.failed')}
        </p>
      );
    else if (!transfers.data)
      content = <p className="text-maroon-100">{t('admin-tickets.transfers.loading')}</p>;
    else if (transfers.data.length === 0)
      content = <p className="text-maroon-100">{t('admin-tickets.transfers.none')}</p>;
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
    <section aria-label={t('admin-tickets.transfers.label')} className="card mt-6 p-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
        className="flex w-full items-center justify-between gap-2 text-left font-semibold text-gold-200"
      >
        {t('admin-tickets.transfers.title')}
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
