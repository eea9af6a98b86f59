import { PAGE_SIZE } from '@utsav/domain/constants';
import { formatRupees } from '@utsav/domain/pricing';
import { can, type Role } from '@utsav/domain/roles';
import { Download, ListChecks, RotateCw, Search } from 'lucide-react';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { Dialog } from '../../../../ui/dialog';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { FormField, INPUT_CLASSES } from '../../../../ui/form-field';
import { formatDay } from '../../../../ui/format';
import { Pagination } from '../../../../ui/pagination';
import { SkeletonList } from '../../../../ui/skeleton';
import { toastTarget } from '../../../../ui/toast';
import { useDebouncedValue, useFailureToast } from '../../../../ui/use-failure-toast';
import { ViewHeader } from '../../../../ui/view-header';
import { BULK_UPDATE_MESSAGE, useBulkUpdateTickets } from '../api/bulk-update-tickets';
import { useDeleteTicket } from '../api/delete-ticket';
import { type ExportFormat, useExportTickets } from '../api/export-tickets';
import {
  type AdminTicket,
  TICKET_STATUSES,
  type TicketStatus,
  type TicketsQuery,
  useTickets,
} from '../api/get-tickets';
import { useUpdateTicketStatus } from '../api/update-ticket-status';
import {
  DeleteTicketButton,
  DetailsButton,
  StatusBadge,
  StatusSelect,
  shortId,
  statusLabel,
  TicketDetails,
  type TicketRowActions,
} from './ticket-parts';
import { TransferHistory } from './transfer-history';

type StatusFilter = NonNullable<TicketsQuery['status']>;
const detailsIdOf = (ticket: AdminTicket, where: string) => `ticket-details-${where}-${ticket.id}`;

function TicketRow({ ticket, actions }: { ticket: AdminTicket; actions: TicketRowActions }) {
  const detailsId = detailsIdOf(ticket, 'table');
  return (
    <Fragment>
      <tr className="border-t border-gold-400/15 align-middle">
        <td className="px-3 py-3">
          <input
            type="checkbox"
            className="size-4 accent-saffron-400"
            checked={actions.selected}
            onChange={actions.onToggle}
            aria-label={`Select ticket ${shortId(ticket.ticketId)}`}
          />
        </td>
        <th scope="row" className="px-3 py-3 font-mono font-semibold whitespace-nowrap text-gold-200">
          {shortId(ticket.ticketId)}
        </th>
        <td className="max-w-56 px-3 py-3">
          <p className="truncate font-semibold text-cream">{ticket.userName}</p>
          <p className="truncate text-maroon-100">{ticket.userEmail}</p>
        </td>
        <td className="max-w-44 truncate px-3 py-3 text-maroon-50">{ticket.eventName}</td>
        <td className="px-3 py-3 whitespace-nowrap text-cream tabular-nums">{formatRupees(ticket.price)}</td>
        <td className="px-3 py-3">
          <StatusBadge status={ticket.status} />
        </td>
        <td className="px-3 py-3 whitespace-nowrap text-maroon-100">{formatDay(ticket.createdAt)}</td>
        <td className="px-3 py-3">
          <StatusSelect ticket={ticket} actions={actions} />
        </td>
        <td className="px-3 py-3">
          <div className="flex items-center gap-1">
            <DetailsButton ticket={ticket} actions={actions} detailsId={detailsId} />
            <DeleteTicketButton ticket={ticket} actions={actions} />
          </div>
        </td>
      </tr>
      {actions.expanded ? (
        <tr>
          <td colSpan={9} className="px-3 pb-4">
            <TicketDetails ticket={ticket} id={detailsId} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

function TicketCard({ ticket, actions }: { ticket: AdminTicket; actions: TicketRowActions }) {
  const detailsId = detailsIdOf(ticket, 'card');
  return (
    <li className="card p-4">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1.5 size-4 shrink-0 accent-saffron-400"
          checked={actions.selected}
          onChange={actions.onToggle}
          aria-label={`Select ticket ${shortId(ticket.ticketId)}`}
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-2">
            <p className="font-mono font-semibold text-gold-200">#{shortId(ticket.ticketId)}</p>
            <StatusBadge status={ticket.status} />
          </div>
          <p className="mt-1 truncate font-semibold text-cream">{ticket.userName}</p>
          <p className="truncate text-sm text-maroon-100">{ticket.userEmail}</p>
          <p className="mt-1 text-sm text-maroon-50">
            {ticket.eventName} · {formatRupees(ticket.price)} · {formatDay(ticket.createdAt)}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <StatusSelect ticket={ticket} actions={actions} />
            <DetailsButton ticket={ticket} actions={actions} detailsId={detailsId} />
            <DeleteTicketButton ticket={ticket} actions={actions} />
          </div>
          {actions.expanded ? (
            <div className="mt-3">
              <TicketDetails ticket={ticket} id={detailsId} />
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function BulkDialog({
  open,
  count,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  onClose: () => void;
  onSubmit: (status: TicketStatus | '') => void;
}) {
  const [status, setStatus] = useState<TicketStatus | ''>('');
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title="Bulk Update Tickets"
      description={`${count} ticket${count === 1 ? '' : 's'} selected`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => onSubmit(status)} loading={busy}>
            Update All
          </Button>
        </>
      }
    >
      <FormField id="bulk-status" label="New status">
        <select
          id="bulk-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as TicketStatus | '')}
          className={INPUT_CLASSES}
        >
          <option value="">Select status</option>
          {TICKET_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
      </FormField>
      <p className="mt-3 text-sm text-maroon-100">
        Cancelling returns a ticket to sale; re-activating takes one from stock.
      </p>
    </Dialog>
  );
}

/** Ticket management (admin-side §2): search, status filter, bulk update, export, the table and details. */
export function TicketManagement({
  onBack,
  currentUser,
}: {
  onBack: () => void;
  currentUser: { role: Role } | null;
}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<AdminTicket | null>(null);
  const [statusBusy, setStatusBusy] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());

  const canDelete = can(currentUser, 'tickets:delete');
  const canChangeStatus = can(currentUser, 'tickets:change-status');
  const canExport = can(currentUser, 'tickets:export');

  const query = useTickets({ status, search: debouncedSearch, page, limit: PAGE_SIZE });
  const tickets = query.data?.tickets ?? [];
  const pagination = query.data?.pagination;
  useFailureToast(
    'load-tickets',
    query.error ? `Failed to load tickets: ${errorMessage(query.error)}` : null,
    query.errorUpdatedAt,
  );

  const updateStatus = useUpdateTicketStatus();
  const bulkUpdate = useBulkUpdateTickets();
  const removeTicket = useDeleteTicket();
  const exporter = useExportTickets();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const toggleIn = (setter: typeof setSelected, id: string) =>
    setter((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function changeStatus(ticket: AdminTicket, next: TicketStatus) {
    if (next === ticket.status) return;
    setStatusBusy(ticket.id);
    updateStatus.mutate(
      { ticketId: ticket.id, status: next },
      {
        onSuccess: () => toast.success('Ticket status updated successfully', toastTarget()),
        onError: (error) => toast.error(`Failed to update status: ${errorMessage(error)}`, toastTarget()),
        onSettled: () => setStatusBusy(null),
      },
    );
  }

  function submitBulk(next: TicketStatus | '') {
    if (selected.size === 0 || next === '') {
      toast.error(BULK_UPDATE_MESSAGE, toastTarget());
      return;
    }
    bulkUpdate.mutate(
      { ticketIds: [...selected], status: next },
      {
        onSuccess: (updated) => {
          setBulkOpen(false);
          setSelected(new Set());
          toast.success(`Updated ${updated} tickets successfully`, toastTarget());
        },
        onError: (error) => toast.error(`Failed to update tickets: ${errorMessage(error)}`, toastTarget()),
      },
    );
  }

  function confirmDelete() {
    if (!deleteTarget) return;
    const target = deleteTarget;
    removeTicket.mutate(target.id, {
      onSuccess: () => {
        setDeleteTarget(null);
        setSelected((current) => {
          const next = new Set(current);
          next.delete(target.id);
          return next;
        });
        toast.success('Ticket deleted successfully', toastTarget());
      },
      onError: (error) => toast.error(`Failed to delete: ${errorMessage(error)}`, toastTarget()),
    });
  }

  function runExport(format: ExportFormat) {
    setExporting(format);
    exporter.mutate(format, {
      onSuccess: () => toast.success('Tickets exported successfully'),
      onError: (error) => toast.error(`Failed to export: ${errorMessage(error)}`),
      onSettled: () => setExporting(null),
    });
  }

  const allOnPageSelected = tickets.length > 0 && tickets.every((ticket) => selected.has(ticket.id));
  const togglePage = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const ticket of tickets) {
        if (allOnPageSelected) next.delete(ticket.id);
        else next.add(ticket.id);
      }
      return next;
    });

  const actionsFor = (ticket: AdminTicket): TicketRowActions => ({
    selected: selected.has(ticket.id),
    onToggle: () => toggleIn(setSelected, ticket.id),
    expanded: expanded.has(ticket.id),
    onToggleDetails: () => toggleIn(setExpanded, ticket.id),
    onStatus: (next) => changeStatus(ticket, next),
    statusBusy: statusBusy === ticket.id,
    canChangeStatus,
    canDelete,
    onDelete: () => setDeleteTarget(ticket),
  });

  return (
    <div>
      <ViewHeader
        title="Ticket Management"
        description={
          pagination
            ? `${pagination.totalItems.toLocaleString('en-IN')} tickets`
            : 'Every ticket sold or issued'
        }
        onBack={onBack}
        actions={
          <>
            {canChangeStatus ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setBulkOpen(true)}
                disabled={selected.size === 0}
                icon={<ListChecks aria-hidden="true" className="size-4" />}
              >
                Bulk Update ({selected.size})
              </Button>
            ) : null}
            {canExport ? (
              <>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={exporting === 'json'}
                  disabled={exporting !== null}
                  onClick={() => runExport('json')}
                  icon={<Download aria-hidden="true" className="size-4" />}
                >
                  Export JSON
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={exporting === 'csv'}
                  disabled={exporting !== null}
                  onClick={() => runExport('csv')}
                  icon={<Download aria-hidden="true" className="size-4" />}
                >
                  Export CSV
                </Button>
              </>
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void query.refetch()}
              loading={query.isFetching && !query.isPending}
              icon={<RotateCw aria-hidden="true" className="size-4" />}
            >
              Refresh
            </Button>
          </>
        }
      />

      <div className="mb-5 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="relative">
          <label htmlFor="ticket-search" className="sr-only">
            Search tickets by user name or email
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-maroon-300"
          />
          <input
            id="ticket-search"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            placeholder="Search by user name or email"
            className={`${INPUT_CLASSES} pl-9`}
          />
        </div>
        <div>
          <label htmlFor="ticket-status-filter" className="sr-only">
            Filter by status
          </label>
          <select
            id="ticket-status-filter"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as StatusFilter);
              setPage(1);
            }}
            className={INPUT_CLASSES}
          >
            <option value="all">All statuses</option>
            {TICKET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {query.isPending ? (
        <SkeletonList label="Loading tickets" />
      ) : query.isError && !query.data ? (
        <ErrorPanel
          title="Failed to load tickets"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : tickets.length === 0 ? (
        <EmptyState title="No tickets found">
          {debouncedSearch || status !== 'all'
            ? 'Try another search or status.'
            : 'Tickets appear here once sold or issued.'}
        </EmptyState>
      ) : (
        <>
          <div className="card hidden overflow-x-auto md:block" aria-busy={query.isFetching || undefined}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tickets, page {pagination?.current ?? page}</caption>
              <thead className="text-xs tracking-wide text-maroon-200 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    <input
                      type="checkbox"
                      className="size-4 accent-saffron-400"
                      checked={allOnPageSelected}
                      onChange={togglePage}
                      aria-label="Select all tickets on this page"
                    />
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    Ticket ID
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    User
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    Event
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    Price
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    Created
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    Change status
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    <span className="sr-only">Details and delete</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tickets.map((ticket) => (
                  <TicketRow key={ticket.id} ticket={ticket} actions={actionsFor(ticket)} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden" aria-label="Tickets">
            {tickets.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} actions={actionsFor(ticket)} />
            ))}
          </ul>
          <Pagination
            label="Tickets pages"
            page={pagination?.current ?? page}
            totalPages={pagination?.total ?? 1}
            onChange={setPage}
          />
        </>
      )}

      <BulkDialog
        key={bulkOpen ? 'open' : 'closed'}
        open={bulkOpen}
        count={selected.size}
        busy={bulkUpdate.isPending}
        onClose={() => setBulkOpen(false)}
        onSubmit={submitBulk}
      />
      <TransferHistory />
      {canDelete ? (
        <ConfirmDialog
          open={deleteTarget !== null}
          title="Delete ticket?"
          confirmLabel="Delete"
          cancelLabel="Cancel"
          danger
          busy={removeTicket.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleteTarget(null)}
        >
          <p className="text-maroon-50">
            Delete ticket{' '}
            <strong className="font-mono text-cream">
              #{deleteTarget ? shortId(deleteTarget.ticketId) : ''}
            </strong>{' '}
            of {deleteTarget?.userName}? This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
