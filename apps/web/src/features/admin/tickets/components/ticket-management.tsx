import { PAGE_SIZE } from '@utsav/domain/constants';
import { can, type Role } from '@utsav/domain/roles';
import { Download, ListChecks, RotateCw, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { INPUT_CLASSES } from '../../../../ui/form-field';
import { formatCount } from '../../../../ui/format';
import { Pagination } from '../../../../ui/pagination';
import { SkeletonList } from '../../../../ui/skeleton';
import { toastTarget } from '../../../../ui/toast';
import { useDebouncedValue, useFailureToast } from '../../../../ui/use-failure-toast';
import { ViewHeader } from '../../../../ui/view-header';
import { useDeleteTicket } from '../api/delete-ticket';
import { type ExportFormat, useExportTickets } from '../api/export-tickets';
import {
  type AdminTicket,
  NO_TYPE_FILTERS,
  SHOWN_TICKET_STATUSES,
  type TicketsQuery,
  type TypeFilters,
  useTickets,
} from '../api/get-tickets';
import { useBulkUpdate } from '../hooks/use-bulk-update';
import { useStatusChange } from '../hooks/use-status-change';
import { AttendeeExportButtons } from './attendee-export';
import { BulkDialog } from './bulk-dialog';
import { BulkUndoBar, StatusConfirmDialog, UndoBar } from './status-change';
import { TypeFilterSelects } from './ticket-filters';
import { codeOf, STATUS_KEYS, type TicketRowActions } from './ticket-parts';
import { COLUMN_KEYS, TicketCard, TicketRow } from './ticket-rows';
import { TransferHistory } from './transfer-history';

type StatusFilter = NonNullable<TicketsQuery['status']>;
/** Ticket management (docs/product.md#ticket-management): search, status filter, bulk update, export, the table and details. */
export function TicketManagement({
  onBack,
  currentUser,
}: {
  onBack: () => void;
  currentUser: { role: Role } | null;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [typeFilters, setTypeFilters] = useState<TypeFilters>(NO_TYPE_FILTERS);
  const [page, setPage] = useState(1);
  // The selected tickets as last listed (a selection spans pages): what the bulk dialog offers depends on them.
  const [selected, setSelected] = useState<Map<string, AdminTicket>>(new Map());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<AdminTicket | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());

  const canDelete = can(currentUser, 'tickets:delete');
  const canChangeStatus = can(currentUser, 'tickets:change-status');
  const canExport = can(currentUser, 'tickets:export');

  const query = useTickets({ status, search: debouncedSearch, ...typeFilters, page, limit: PAGE_SIZE });
  const tickets = query.data?.tickets ?? [];
  const pagination = query.data?.pagination;
  useFailureToast(
    'load-tickets',
    query.error ? t('admin-tickets.toast.loadFailed', { reason: errorMessage(query.error) }) : null,
    query.errorUpdatedAt,
  );

  const statusChange = useStatusChange();
  const bulk = useBulkUpdate(() => {
    setBulkOpen(false);
    setSelected(new Map());
  });
  const removeTicket = useDeleteTicket();
  const exporter = useExportTickets();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const toggleExpanded = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleSelected = (ticket: AdminTicket) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(ticket.id)) next.delete(ticket.id);
      else next.set(ticket.id, ticket);
      return next;
    });
  // A selected ticket on this page is read as it is now (a status changed since it was ticked).
  const listed = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  const selectedTickets = [...selected.values()].map((ticket) => listed.get(ticket.id) ?? ticket);

  function confirmDelete() {
    if (!deleteTarget) return;
    const target = deleteTarget;
    removeTicket.mutate(target.id, {
      onSuccess: () => {
        setDeleteTarget(null);
        setSelected((current) => {
          const next = new Map(current);
          next.delete(target.id);
          return next;
        });
        toast.success(t('admin-tickets.toast.deleted'), toastTarget());
      },
      onError: (error) =>
        toast.error(t('admin-tickets.toast.deleteFailed', { reason: errorMessage(error) }), toastTarget()),
    });
  }

  function runExport(format: ExportFormat) {
    setExporting(format);
    exporter.mutate(
      { format, filters: { status, search: debouncedSearch, ...typeFilters } },
      {
        onSuccess: () => toast.success(t('admin-tickets.toast.exported')),
        onError: (error) =>
          toast.error(t('admin-tickets.toast.exportFailed', { reason: errorMessage(error) })),
        onSettled: () => setExporting(null),
      },
    );
  }

  const allOnPageSelected = tickets.length > 0 && tickets.every((ticket) => selected.has(ticket.id));
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const ticket of tickets) {
        if (allOnPageSelected) next.delete(ticket.id);
        else next.set(ticket.id, ticket);
      }
      return next;
    });

  const actionsFor = (ticket: AdminTicket): TicketRowActions => ({
    selected: selected.has(ticket.id),
    onToggle: () => toggleSelected(ticket),
    expanded: expanded.has(ticket.id),
    onToggleDetails: () => toggleExpanded(ticket.id),
    onStatus: (next) => statusChange.ask(ticket, next),
    statusBusy: statusChange.busyTicketId === ticket.id,
    canChangeStatus,
    canDelete,
    onDelete: () => setDeleteTarget(ticket),
  });

  return (
    <div>
      <ViewHeader
        title={t('admin-tickets.title')}
        description={
          pagination
            ? t('admin-tickets.count', {
                count: pagination.totalTickets,
                formatted: formatCount(pagination.totalTickets),
              })
            : t('admin-tickets.description')
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
                {t('admin-tickets.bulkButton', { count: selected.size })}
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
                  {t('admin-tickets.exportJson')}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={exporting === 'csv'}
                  disabled={exporting !== null}
                  onClick={() => runExport('csv')}
                  icon={<Download aria-hidden="true" className="size-4" />}
                >
                  {t('admin-tickets.exportCsv')}
                </Button>
                <AttendeeExportButtons />
              </>
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void query.refetch()}
              loading={query.isFetching && !query.isPending}
              icon={<RotateCw aria-hidden="true" className="size-4" />}
            >
              {t('admin-tickets.refresh')}
            </Button>
          </>
        }
      />

      <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <div className="relative">
          <label htmlFor="ticket-search" className="sr-only">
            {t('admin-tickets.searchLabel')}
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
            placeholder={t('admin-tickets.searchPlaceholder')}
            className={`${INPUT_CLASSES} pl-9`}
          />
        </div>
        <div>
          <label htmlFor="ticket-status-filter" className="sr-only">
            {t('admin-tickets.filterLabel')}
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
            <option value="all">{t('admin-tickets.allStatuses')}</option>
            {SHOWN_TICKET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(STATUS_KEYS[value])}
              </option>
            ))}
          </select>
        </div>
        <TypeFilterSelects
          value={typeFilters}
          onChange={(next) => {
            setTypeFilters(next);
            setPage(1);
          }}
        />
      </div>

      <UndoBar
        change={statusChange.applied}
        busy={statusChange.undoBusy}
        onUndo={statusChange.undo}
        onDismiss={statusChange.dismiss}
      />
      <BulkUndoBar applied={bulk.applied} busy={bulk.undoBusy} onUndo={bulk.undo} onDismiss={bulk.dismiss} />

      {query.isPending ? (
        <SkeletonList label={t('admin-tickets.loading')} />
      ) : query.isError && !query.data ? (
        <ErrorPanel
          title={t('admin-tickets.loadFailedTitle')}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : tickets.length === 0 ? (
        <EmptyState title={t('admin-tickets.empty.title')}>
          {debouncedSearch || status !== 'all' || Object.values(typeFilters).some(Boolean)
            ? t('admin-tickets.empty.filtered')
            : t('admin-tickets.empty.none')}
        </EmptyState>
      ) : (
        <>
          <div className="card hidden overflow-x-auto md:block" aria-busy={query.isFetching || undefined}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {t('admin-tickets.caption', { page: pagination?.current ?? page })}
              </caption>
              <thead className="text-xs tracking-wide text-maroon-200 uppercase">
                <tr>
                  <th scope="col" className="px-2 py-3 whitespace-nowrap">
                    <input
                      type="checkbox"
                      className="size-4 accent-saffron-400"
                      checked={allOnPageSelected}
                      onChange={togglePage}
                      aria-label={t('admin-tickets.selectPage')}
                    />
                  </th>
                  {COLUMN_KEYS.map((key) => (
                    <th key={key} scope="col" className="px-2 py-3 whitespace-nowrap">
                      {t(key)}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-3 whitespace-nowrap">
                    <span className="sr-only">{t('admin-tickets.columns.actions')}</span>
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
          {/* grid-cols-1 (minmax(0, 1fr)): a long email is cut with an ellipsis inside its card; an auto column grew
              to the email's whole width at 200% text and the page scrolled sideways. */}
          <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label={t('admin-tickets.listLabel')}>
            {tickets.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} actions={actionsFor(ticket)} />
            ))}
          </ul>
          <Pagination
            label={t('admin-tickets.pagesLabel')}
            page={pagination?.current ?? page}
            totalPages={pagination?.total ?? 1}
            onChange={setPage}
          />
        </>
      )}

      <BulkDialog
        key={bulkOpen ? 'open' : 'closed'}
        open={bulkOpen}
        tickets={selectedTickets}
        busy={bulk.busy}
        onClose={() => setBulkOpen(false)}
        onSubmit={(next) => bulk.submit([...selected.keys()], next)}
      />
      <StatusConfirmDialog
        change={statusChange.pending}
        busy={statusChange.confirmBusy}
        onConfirm={statusChange.confirm}
        onCancel={statusChange.cancel}
      />
      <TransferHistory />
      {canDelete ? (
        <ConfirmDialog
          open={deleteTarget !== null}
          title={t('admin-tickets.delete.title')}
          confirmLabel={t('admin-tickets.delete.confirm')}
          cancelLabel={t('admin-tickets.delete.cancel')}
          danger
          busy={removeTicket.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleteTarget(null)}
        >
          <p className="text-maroon-50">
            {t('admin-tickets.delete.text', {
              code: deleteTarget ? codeOf(deleteTarget) : '',
              holder: deleteTarget?.user.name ?? '',
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
