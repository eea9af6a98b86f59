import { PAGE_SIZE } from '@utsav/domain/constants';
import { formatRupees } from '@utsav/domain/pricing';
import { REFUND_STATUSES, type RefundStatus } from '@utsav/domain/refunds';
import { can, type Role } from '@utsav/domain/roles';
import {
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  CircleX,
  Clock,
  IndianRupee,
  ListChecks,
  LoaderCircle,
  RefreshCw,
  RotateCcw,
  Search,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { type AdminRefundsQuery, useAdminRefunds } from '../api/get-admin-refunds';
import { EMPTY_REFUND_STATS, useRefundStats } from '../api/get-refund-stats';
import { useViewerRole } from '../api/get-viewer-role';
import { useRetryRefund } from '../api/retry-refund';
import type { Refund } from '../types';
import { formatDay, lastEight, STATUS_NAMES } from '../utils/format';
import { RefundStatusBadge } from './refund-status-badge';

// Refund management (admin-side §2): stats, total refunded, search, status filter (processed reads
// 'Completed'), the table of every refund with pages of 20, and — for admins — Retry on failed refunds.
// Below 768 px the table becomes cards.

export const ADMIN_REFUND_MESSAGES = {
  loadFailed: (reason: string) => `Failed to load refunds: ${reason}`,
  retried: 'Refund sent to the payment gateway again',
  retryFailed: (reason: string) => `Failed to retry refund: ${reason}`,
} as const;

const SEARCH_DELAY_MS = 300;

function StatCard({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone: string;
}) {
  return (
    <div className="card flex items-center gap-3 p-4">
      <span
        aria-hidden="true"
        className={`flex size-10 shrink-0 items-center justify-center rounded-full bg-maroon-800 ${tone}`}
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-maroon-200 uppercase">{label}</p>
        <p className="text-2xl font-bold text-cream tabular-nums">{value}</p>
      </div>
    </div>
  );
}

function Stats() {
  // Refund stats failures are silent (admin-side §8): zeros.
  const { data } = useRefundStats();
  const stats = data ?? EMPTY_REFUND_STATS;
  const icon = 'size-5';
  return (
    <section aria-label="Refund statistics" className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <StatCard
          label="Total"
          value={stats.total}
          tone="text-gold-300"
          icon={<ListChecks className={icon} />}
        />
        <StatCard
          label="Pending"
          value={stats.pending}
          tone="text-amber-300"
          icon={<Clock className={icon} />}
        />
        <StatCard
          label="Processing"
          value={stats.processing}
          tone="text-sky-300"
          icon={<LoaderCircle className={icon} />}
        />
        <StatCard
          label="Completed"
          value={stats.processed}
          tone="text-emerald-300"
          icon={<CircleCheck className={icon} />}
        />
        <StatCard
          label="Failed"
          value={stats.failed}
          tone="text-rose-300"
          icon={<CircleX className={icon} />}
        />
      </div>
      <StatCard
        label="Total refunded"
        value={formatRupees(stats.totalRefundAmount)}
        tone="text-gold-300"
        icon={<IndianRupee className={icon} />}
      />
    </section>
  );
}

function Amount({ refund }: { refund: Refund }) {
  return (
    <div>
      <p className="font-semibold text-gold-200 tabular-nums">{formatRupees(refund.refundAmount)}</p>
      <p className="text-xs text-maroon-200 tabular-nums">
        {formatRupees(refund.originalAmount)} − {formatRupees(refund.processingFee)}
      </p>
    </div>
  );
}

function UserCell({ refund }: { refund: Refund }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-semibold text-cream">{refund.user?.name || '—'}</p>
      <p className="truncate text-xs text-maroon-200">{refund.user?.email ?? ''}</p>
    </div>
  );
}

function TicketCell({ refund }: { refund: Refund }) {
  return (
    <div className="min-w-0">
      <p className="font-mono text-cream">#{lastEight(refund.ticketId)}</p>
      <p className="truncate text-xs text-maroon-200">{refund.eventName}</p>
    </div>
  );
}

function RetryButton({
  refund,
  onRetry,
  retrying,
}: {
  refund: Refund;
  onRetry: (id: string) => void;
  retrying: boolean;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => onRetry(refund.id)}
      loading={retrying}
      icon={<RotateCcw aria-hidden="true" className="size-4" />}
      aria-label={`Retry refund ${lastEight(refund.refundId)}`}
    >
      Retry
    </Button>
  );
}

interface RowProps {
  refunds: Refund[];
  canRetry: boolean;
  onRetry: (id: string) => void;
  retryingId: string | null;
}

function RefundTable({ refunds, canRetry, onRetry, retryingId }: RowProps) {
  const head = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-maroon-200 uppercase';
  const cell = 'px-3 py-3 align-top';
  return (
    <div className="card hidden overflow-x-auto md:block">
      <table className="w-full text-sm">
        <thead className="border-b border-gold-400/20">
          <tr>
            <th className={head}>Refund ID</th>
            <th className={head}>User</th>
            <th className={head}>Ticket</th>
            <th className={head}>Amount</th>
            <th className={head}>Status</th>
            <th className={head}>Requested</th>
            <th className={head}>Processed</th>
            {canRetry ? <th className={head}>Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr
              key={refund.id}
              data-refund-id={refund.refundId}
              className="border-b border-gold-400/10 last:border-0"
            >
              <td className={`${cell} font-mono text-cream`}>{lastEight(refund.refundId)}</td>
              <td className={`${cell} max-w-52`}>
                <UserCell refund={refund} />
              </td>
              <td className={`${cell} max-w-44`}>
                <TicketCell refund={refund} />
              </td>
              <td className={cell}>
                <Amount refund={refund} />
              </td>
              <td className={cell}>
                <RefundStatusBadge status={refund.status} />
              </td>
              <td className={`${cell} whitespace-nowrap text-maroon-50`}>{formatDay(refund.createdAt)}</td>
              <td className={`${cell} whitespace-nowrap text-maroon-50`}>{formatDay(refund.processedAt)}</td>
              {canRetry ? (
                <td className={cell}>
                  {refund.status === 'failed' ? (
                    <RetryButton refund={refund} onRetry={onRetry} retrying={retryingId === refund.id} />
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-maroon-200 uppercase">{label}</dt>
      <dd className="mt-0.5 text-cream">{children}</dd>
    </div>
  );
}

function RefundCards({ refunds, canRetry, onRetry, retryingId }: RowProps) {
  return (
    <ul className="grid gap-3 md:hidden">
      {refunds.map((refund) => (
        <li key={refund.id} data-refund-id={refund.refundId} className="card grid gap-3 p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <UserCell refund={refund} />
            <RefundStatusBadge status={refund.status} />
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label="Refund ID">
              <span className="font-mono">{lastEight(refund.refundId)}</span>
            </Fact>
            <Fact label="Ticket">
              <TicketCell refund={refund} />
            </Fact>
            <Fact label="Amount">
              <Amount refund={refund} />
            </Fact>
            <Fact label="Requested">{formatDay(refund.createdAt)}</Fact>
            <Fact label="Processed">{formatDay(refund.processedAt)}</Fact>
          </dl>
          {canRetry && refund.status === 'failed' ? (
            <RetryButton refund={refund} onRetry={onRetry} retrying={retryingId === refund.id} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Refund pages" className="flex items-center justify-between gap-3">
      <Button
        size="sm"
        variant="secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        icon={<ChevronLeft aria-hidden="true" className="size-4" />}
      >
        Previous
      </Button>
      <p className="text-sm text-maroon-100" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <Button size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The admin dashboard's refund-management view. `role` decides whether Retry shows (admins only, as the
 * server enforces); when the dashboard does not pass it, the view asks GET /auth/me.
 */
export default function AdminRefundManagement({ onBack, role }: { onBack: () => void; role?: Role }) {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<RefundStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const search = useDebounced(searchText, SEARCH_DELAY_MS);
  const searchId = useId();
  const statusId = useId();
  const viewer = useViewerRole({ enabled: role === undefined });
  const viewerRole = role ?? viewer.data;
  const canRetry = viewerRole !== undefined && can({ role: viewerRole }, 'refunds:retry');

  const query: AdminRefundsQuery = { status, search, page, limit: PAGE_SIZE };
  const list = useAdminRefunds(query);
  const [retryingId, setRetryingId] = useState<string | null>(null);
  const retry = useRetryRefund({ onSuccess: () => toast.success(ADMIN_REFUND_MESSAGES.retried) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts at page 1.
  useEffect(() => setPage(1), [search, status]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure, not per render.
  useEffect(() => {
    if (list.error)
      toast.error(ADMIN_REFUND_MESSAGES.loadFailed(errorMessage(list.error)), { id: 'load-refunds' });
  }, [list.errorUpdatedAt]);

  function handleRetry(id: string) {
    setRetryingId(id);
    retry.mutate(id, {
      onError: (error) => toast.error(ADMIN_REFUND_MESSAGES.retryFailed(errorMessage(error))),
      onSettled: () => setRetryingId(null),
    });
  }

  const data = list.data;
  let content: ReactNode;
  if (list.error && !data) {
    content = (
      <div role="alert" className="card flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center">
        <CircleAlert aria-hidden="true" className="size-6 shrink-0 text-rose-200" />
        <p className="flex-1 text-maroon-50">{ADMIN_REFUND_MESSAGES.loadFailed(errorMessage(list.error))}</p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void list.refetch()}
          loading={list.isFetching}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          Retry
        </Button>
      </div>
    );
  } else if (!data) {
    content = (
      <div aria-hidden="true" className="grid gap-3">
        {[0, 1, 2].map((key) => (
          <span key={key} className="h-16 animate-shimmer rounded-2xl bg-maroon-800" />
        ))}
      </div>
    );
  } else if (data.refunds.length === 0) {
    content = (
      <div className="card p-8 text-center text-maroon-100">
        {search || status !== 'all' ? 'No refunds match your search.' : 'No refunds found'}
      </div>
    );
  } else {
    const rows = { refunds: data.refunds, canRetry, onRetry: handleRetry, retryingId };
    content = (
      <div aria-busy={list.isFetching || undefined} className="grid gap-4">
        <RefundTable {...rows} />
        <RefundCards {...rows} />
        <Pagination page={page} totalPages={data.pagination.total} onPage={setPage} />
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 pt-24 pb-20 sm:px-5 sm:pt-28">
      <div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onBack}
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
        >
          Back to Dashboard
        </Button>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-display text-3xl text-gold-200 sm:text-4xl">Refund Management</h1>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void list.refetch()}
            loading={list.isFetching && data !== undefined}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Refresh
          </Button>
        </div>
      </div>

      <Stats />

      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search refunds
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-maroon-200"
          />
          <input
            id={searchId}
            type="search"
            value={searchText}
            onChange={(changeEvent) => setSearchText(changeEvent.target.value)}
            placeholder="Search by name, email or ticket ID"
            maxLength={100}
            className="min-h-11 w-full rounded-full border border-gold-400/40 bg-maroon-950/70 pr-4 pl-9 text-cream placeholder:text-maroon-300 focus:border-gold-300 focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor={statusId} className="sr-only">
            Filter by status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(changeEvent) => setStatus(changeEvent.target.value as RefundStatus | 'all')}
            className="min-h-11 w-full rounded-full border border-gold-400/40 bg-maroon-950/70 px-4 text-cream focus:border-gold-300 focus:outline-none"
          >
            <option value="all">All Statuses</option>
            {REFUND_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_NAMES[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {data ? (
        <p className="-mb-2 text-sm text-maroon-200">
          {data.pagination.totalRefunds} {data.pagination.totalRefunds === 1 ? 'refund' : 'refunds'}
        </p>
      ) : null}
      {content}
    </div>
  );
}

export { AdminRefundManagement };
