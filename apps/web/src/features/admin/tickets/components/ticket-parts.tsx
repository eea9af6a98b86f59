import { formatRupees } from '@utsav/domain/pricing';
import { ChevronDown, Trash2 } from 'lucide-react';
import { Button } from '../../../../ui/button';
import { formatInstant } from '../../../../ui/format';
import { type TicketPass, useTicketCheckins } from '../api/get-ticket-checkins';
import { type AdminTicket, TICKET_STATUSES, type TicketStatus } from '../api/get-tickets';

const STATUS_BADGE: Record<TicketStatus, string> = {
  active: 'bg-emerald-200 text-emerald-950',
  used: 'bg-sky-200 text-sky-950',
  cancelled: 'bg-rose-200 text-rose-950',
};

export const statusLabel = (status: TicketStatus) => status.charAt(0).toUpperCase() + status.slice(1);
export const shortId = (id: string) => id.slice(-8).toUpperCase();

export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_BADGE[status]}`}>
      {statusLabel(status)}
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

export function StatusSelect({ ticket, actions }: { ticket: AdminTicket; actions: TicketRowActions }) {
  return (
    <select
      value={ticket.status}
      disabled={!actions.canChangeStatus || actions.statusBusy}
      onChange={(event) => actions.onStatus(event.target.value as TicketStatus)}
      aria-label={`Status of ticket ${shortId(ticket.ticketId)}`}
      className="min-h-9 min-w-28 rounded-xl border border-gold-400/40 bg-maroon-950 px-2 py-1 text-sm text-cream focus:border-saffron-300 focus:outline-none disabled:opacity-60"
    >
      {TICKET_STATUSES.map((status) => (
        <option key={status} value={status}>
          {statusLabel(status)}
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
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={actions.expanded}
      aria-controls={detailsId}
      aria-label={`Details of ticket ${shortId(ticket.ticketId)}`}
      onClick={actions.onToggleDetails}
    >
      Details
      <ChevronDown
        aria-hidden="true"
        className={`size-4 transition-transform ${actions.expanded ? 'rotate-180' : ''}`}
      />
    </Button>
  );
}

export function DeleteTicketButton({ ticket, actions }: { ticket: AdminTicket; actions: TicketRowActions }) {
  if (!actions.canDelete || ticket.status === 'cancelled') return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={actions.onDelete}
      aria-label={`Delete ticket ${shortId(ticket.ticketId)}`}
      icon={<Trash2 aria-hidden="true" className="size-4" />}
      className="text-rose-200 hover:text-rose-100"
    >
      Delete
    </Button>
  );
}

/** Cancellation reason and time for cancelled tickets; 'Issued by' and notes for manual ones (admin-side §2). */
export function TicketDetails({ ticket, id }: { ticket: AdminTicket; id: string }) {
  const items: [string, string][] = [
    ['Ticket ID', ticket.ticketId],
    ['Price', formatRupees(ticket.price)],
    ['Created', formatInstant(ticket.createdAt)],
  ];
  if (ticket.status === 'cancelled') {
    items.push(['Cancellation reason', ticket.cancellationReason ?? 'No reason given']);
    items.push(['Cancelled', formatInstant(ticket.cancelledAt)]);
  }
  if (ticket.issuedByAdmin) {
    items.push(['Issued by', ticket.issuedBy ?? 'Admin']);
    items.push(['Notes', ticket.notes ?? '—']);
  }
  if (ticket.usedAt) {
    items.push(['Entry time', formatInstant(ticket.usedAt)]);
    items.push(['Scanned by', ticket.scannedBy ?? 'Unknown']);
  }
  return (
    <div id={id} className="grid gap-3 rounded-xl bg-maroon-950/60 p-4 text-sm">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {items.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-maroon-200">{label}</dt>
            <dd className="break-words text-cream">{value}</dd>
          </div>
        ))}
      </dl>
      {ticket.usedAt ? <PassHistory ticketId={ticket.id} /> : null}
    </div>
  );
}

const METHOD_WORDS: Record<TicketPass['method'], string> = {
  scan: 'QR scanned',
  typed: 'code typed',
  search: 'found by search',
};

/** Every entry and exit at the gates: when, which gate, who, and how the ticket was found. */
function PassHistory({ ticketId }: { ticketId: string }) {
  const history = useTicketCheckins(ticketId);
  return (
    <section aria-label="Gate history">
      <h4 className="font-semibold text-gold-200">In and out at the gates</h4>
      {history.isPending ? (
        <p className="text-maroon-100">Loading…</p>
      ) : history.isError ? (
        <p className="text-rose-200">Could not load the gate history.</p>
      ) : history.data.length === 0 ? (
        <p className="text-maroon-100">No gate scan recorded.</p>
      ) : (
        <ol className="mt-1 grid gap-1" data-testid="pass-history">
          {history.data.map((pass) => (
            <li key={`${pass.at}-${pass.direction}-${pass.deviceId ?? ''}`} className="text-cream">
              <strong>{pass.direction === 'in' ? 'In' : 'Out'}</strong> {formatInstant(pass.at)} at{' '}
              {pass.gate ?? 'an unnamed gate'} by {pass.scannedBy?.name ?? 'Unknown'} (
              {METHOD_WORDS[pass.method]}
              {pass.offline ? ', offline' : ''})
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
