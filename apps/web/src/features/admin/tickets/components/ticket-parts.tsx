import { displayTicketCode } from '@utsav/domain/ticket-code';
import {
  ADMIN_CANCELLATION_REASON,
  allowedStatusChanges,
  pastOfShown,
  type TicketPast,
  ticketDeletionRefusal,
} from '@utsav/domain/ticket-status-change';
import { ChevronDown, FileText, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { useDownloadOrderDocument } from '../../../../lib/order-document';
import { Button } from '../../../../ui/button';
import { formatInstant, formatRupees } from '../../../../ui/format';
import { TicketDocumentButtons } from '../../../../ui/ticket-document-buttons';
import { type TicketPass, useTicketCheckins } from '../api/get-ticket-checkins';
import type { AdminTicket, ShownStatus, TicketStatus } from '../api/get-tickets';
import { ReceivedTicketAnswers, TicketAnswers } from './ticket-answers';

const STATUS_BADGE: Record<ShownStatus, string> = {
  active: 'bg-emerald-200 text-emerald-950',
  used: 'bg-sky-200 text-sky-950',
  cancelled: 'bg-rose-200 text-rose-950',
  transferred: 'bg-violet-200 text-violet-950',
};

/** Catalog keys of the status names (written out whole: the catalog test looks for each). */
export const STATUS_KEYS: Record<ShownStatus, string> = {
  active: 'admin-tickets.status.active',
  used: 'admin-tickets.status.used',
  cancelled: 'admin-tickets.status.cancelled',
  transferred: 'admin-tickets.status.transferred',
};

/** The ticket's code as every screen writes it (@utsav/domain/ticket-code displayTicketCode). */
export const codeOf = (ticket: Pick<AdminTicket, 'ticketId'>) => displayTicketCode(ticket.ticketId);

/** What the server's rules read of a listed ticket (a transferred one is stored as cancelled). */
export const pastOf = (ticket: Pick<AdminTicket, 'status' | 'refunded' | 'resoldAt'>): TicketPast =>
  pastOfShown({ status: ticket.status, refunded: ticket.refunded, resoldAt: ticket.resoldAt });

export function StatusBadge({ status }: { status: ShownStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_BADGE[status]}`}>
      {t(STATUS_KEYS[status])}
    </span>
  );
}

export interface TicketRowActions {
  selected: boolean;
  onToggle: () => void;
  expanded: boolean;
  onToggleDetails: () => void;
  onStatus: (status: TicketStatus) => void;
  statusBusy: boolean;
  canChangeStatus: boolean;
  canDelete: boolean;
  onDelete: () => void;
}

/**
 * Choosing a status only asks for it: the page confirms before anything changes. Only the changes the server
 * allows for this ticket are offered (allowedStatusChanges); a ticket revoked for good (refunded, transferred)
 * offers none, and says why instead.
 */
export function StatusSelect({ ticket, actions }: { ticket: AdminTicket; actions: TicketRowActions }) {
  const { t } = useTranslation();
  const offered = allowedStatusChanges(pastOf(ticket));
  if (offered.length === 0) {
    return (
      <p className="max-w-40 text-xs text-maroon-100">
        {ticket.status === 'transferred'
          ? t('admin-tickets.row.fixedTransferred')
          : t('admin-tickets.row.fixedRefunded')}
      </p>
    );
  }
  return (
    <select
      value={ticket.status}
      data-status-for={ticket.id}
      disabled={!actions.canChangeStatus || actions.statusBusy}
      onChange={(event) => actions.onStatus(event.target.value as TicketStatus)}
      aria-label={t('admin-tickets.row.statusOf', { code: codeOf(ticket) })}
      className="min-h-9 min-w-28 rounded-xl border border-gold-400/40 bg-maroon-950 px-2 py-1 text-sm text-cream focus:border-saffron-300 focus:outline-none disabled:opacity-60"
    >
      {[ticket.status, ...offered].map((status) => (
        <option key={status} value={status}>
          {t(STATUS_KEYS[status])}
        </option>
      ))}
    </select>
  );
}

export function DetailsButton({
  ticket,
  actions,
  detailsId,
}: {
  ticket: AdminTicket;
  actions: TicketRowActions;
  detailsId: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={actions.expanded}
      aria-controls={detailsId}
      aria-label={t('admin-tickets.row.detailsOf', { code: codeOf(ticket) })}
      onClick={actions.onToggleDetails}
    >
      {t('admin-tickets.row.details')}
      <ChevronDown
        aria-hidden="true"
        className={`size-4 transition-transform ${actions.expanded ? 'rotate-180' : ''}`}
      />
    </Button>
  );
}

export function DeleteTicketButton({ ticket, actions }: { ticket: AdminTicket; actions: TicketRowActions }) {
  const { t } = useTranslation();
  // The server deletes only tickets made by hand (ticketDeletionRefusal); a cancelled one is not offered either.
  const refusal = ticketDeletionRefusal({
    fromOrder: ticket.fromOrder,
    transferred: ticket.status === 'transferred',
    receivedByTransfer: ticket.receivedByTransfer,
  });
  if (!actions.canDelete || refusal || ticket.status === 'cancelled') return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={actions.onDelete}
      aria-label={t('admin-tickets.row.deleteOf', { code: codeOf(ticket) })}
      icon={<Trash2 aria-hidden="true" className="size-4" />}
      className="text-rose-200 hover:text-rose-100"
    >
      {t('admin-tickets.row.delete')}
    </Button>
  );
}

/** Cancellation reason and time for cancelled tickets; 'Issued by' and notes for manual ones (docs/product.md#ticket-management). */
/** The document of the order a ticket was bought in (tax invoice, bill of supply or receipt), as a PDF. */
function OrderDocumentButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const download = useDownloadOrderDocument();
  return (
    <Button
      size="sm"
      variant="secondary"
      className="justify-self-start"
      loading={download.isPending}
      icon={<FileText aria-hidden="true" className="size-4" />}
      onClick={() =>
        download.mutate(orderId, {
          onError: (error) =>
            toast.error(t('admin-tickets.details.documentFailed', { reason: errorMessage(error) })),
        })
      }
    >
      {t('admin-tickets.details.downloadDocument')}
    </Button>
  );
}

export function TicketDetails({ ticket, id }: { ticket: AdminTicket; id: string }) {
  const { t } = useTranslation();
  const items: [string, string][] = [
    [t('admin-tickets.details.ticketId'), codeOf(ticket)],
    [t('admin-tickets.details.price'), formatRupees(ticket.price)],
    [t('admin-tickets.details.created'), formatInstant(ticket.createdAt)],
  ];
  if (ticket.status === 'cancelled') {
    // The reason is what was written on the ticket; the one our own admin cancellation writes is ours to translate.
    items.push([
      t('admin-tickets.details.cancellationReason'),
      ticket.cancellationReason === ADMIN_CANCELLATION_REASON
        ? t('admin-tickets.details.cancelledByAdmin')
        : (ticket.cancellationReason ?? t('admin-tickets.details.noReason')),
    ]);
    items.push([t('admin-tickets.details.cancelled'), formatInstant(ticket.cancelledAt)]);
    if (ticket.refunded) items.push([t('admin-tickets.details.refund'), t('admin-tickets.details.refunded')]);
  }
  if (ticket.status === 'transferred') {
    items.push([t('admin-tickets.details.transferredTo'), ticket.transfer?.toName ?? '—']);
    items.push([
      t('admin-tickets.details.transferredAt'),
      formatInstant(ticket.transfer?.at ?? ticket.cancelledAt),
    ]);
  }
  if (ticket.metadata.issuedByAdmin) {
    items.push([
      t('admin-tickets.details.issuedBy'),
      ticket.metadata.issuedBy?.name ?? t('admin-tickets.details.admin'),
    ]);
    items.push([t('admin-tickets.details.notes'), ticket.metadata.notes ?? '—']);
  }
  if (ticket.usedAt) {
    items.push([t('admin-tickets.details.entryTime'), formatInstant(ticket.usedAt)]);
    items.push([
      t('admin-tickets.details.scannedBy'),
      ticket.scannedBy?.name ?? t('admin-tickets.details.unknown'),
    ]);
  }
  return (
    // One column of minmax(0, 1fr): a button or a long value wraps inside the panel instead of widening it (an auto
    // column grows to its widest item's min-content, which at 200% text on a phone ran past the page); a little less
    // padding on a phone leaves a long word of a heading its line.
    <div id={id} className="grid grid-cols-1 gap-3 rounded-xl bg-maroon-950/60 p-3 text-sm sm:p-4">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {items.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-maroon-200">{label}</dt>
            <dd className="break-words text-cream">{value}</dd>
          </div>
        ))}
      </dl>
      {ticket.orderId && ticket.price > 0 ? <OrderDocumentButton orderId={ticket.orderId} /> : null}
      <TicketDocumentButtons documents={ticket.documents} className="justify-self-start" />
      {ticket.orderId ? (
        <TicketAnswers
          ticketId={ticket.id}
          transferredTo={ticket.status === 'transferred' ? (ticket.transfer?.toName ?? '—') : undefined}
        />
      ) : ticket.receivedByTransfer ? (
        <ReceivedTicketAnswers />
      ) : null}
      {ticket.usedAt ? <PassHistory ticketId={ticket.id} /> : null}
    </div>
  );
}

const METHOD_KEYS: Record<TicketPass['method'], string> = {
  scan: 'admin-tickets.history.method.scan',
  typed: 'admin-tickets.history.method.typed',
  search: 'admin-tickets.history.method.search',
};

function PassLine({ pass }: { pass: TicketPass }) {
  const { t } = useTranslation();
  const values = {
    time: formatInstant(pass.at),
    gate: pass.gate ?? t('admin-tickets.history.unnamedGate'),
    name: pass.scannedBy?.name ?? t('admin-tickets.details.unknown'),
    method: t(METHOD_KEYS[pass.method]),
  };
  return (
    <li className="text-cream">
      {pass.direction === 'in'
        ? pass.offline
          ? t('admin-tickets.history.inOffline', values)
          : t('admin-tickets.history.in', values)
        : pass.offline
          ? t('admin-tickets.history.outOffline', values)
          : t('admin-tickets.history.out', values)}
    </li>
  );
}

/** Every entry and exit at the gates: when, which gate, who, and how the ticket was found. */
function PassHistory({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const history = useTicketCheckins(ticketId);
  return (
    <section aria-label={t('admin-tickets.history.label')}>
      <h4 className="font-semibold text-gold-200">{t('admin-tickets.history.title')}</h4>
      {history.isPending ? (
        <p className="text-maroon-100">{t('admin-tickets.history.loading')}</p>
      ) : history.isError ? (
        <p className="text-rose-200">{t('admin-tickets.history.failed')}</p>
      ) : history.data.length === 0 ? (
        <p className="text-maroon-100">{t('admin-tickets.history.none')}</p>
      ) : (
        <ol className="mt-1 grid gap-1" data-testid="pass-history">
          {history.data.map((pass) => (
            <PassLine key={`${pass.at}-${pass.direction}-${pass.deviceId ?? ''}`} pass={pass} />
          ))}
        </ol>
      )}
    </section>
  );
}
