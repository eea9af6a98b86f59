import { useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@utsav/domain/constants';
import { formatRupees } from '@utsav/domain/pricing';
import { REFUND_STATUSES, type RefundStatus } from '@utsav/domain/refunds';
import { can, type Role } from '@utsav/domain/roles';
import {
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
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { EmptyState, ErrorPanel } from '../../../ui/error-panel';
import { formatCount } from '../../../ui/format';
import { Pagination } from '../../../ui/pagination';
import { Skeleton } from '../../../ui/skeleton';
import { StatCard } from '../../../ui/stat-card';
import { toastTarget } from '../../../ui/toast';
import { useDebouncedValue, useFailureToast } from '../../../ui/use-failure-toast';
import { ViewHeader } from '../../../ui/view-header';
import { type AdminRefundsQuery, useAdminRefunds } from '../api/get-admin-refunds';
import { EMPTY_REFUND_STATS, useRefundStats } from '../api/get-refund-stats';
import { useViewerRole } from '../api/get-viewer-role';
import { ADMIN_REFUNDS_QUERY_KEY } from '../api/keys';
import { useRetryRefund } from '../api/retry-refund';
import type { Refund } from '../types';
import { formatDay, lastEight, refundStatusName } from '../utils/format';
import { RefundStatusBadge } from './refund-status-badge';

// Refund management (admin-side §2): stats, total refunded, search, status filter (processed reads
// 'Completed'), the table of every refund with pages of 20, and — for admins — Retry on failed refunds.
// Below 768 px the table becomes cards.

const SEARCH_DELAY_MS = 300;

function Stats() {
  // Refund stats failures are silent (admin-side §8): the cards show zeros.
  const { t } = useTranslation();
  const { data, isPending } = useRefundStats();
  const stats = data ?? EMPTY_REFUND_STATS;
  const icon = 'size-5';
  const cards = [
    { label: t('admin-refunds.stats.total'), value: stats.total, icon: <ListChecks className={icon} /> },
    { label: t('admin-refunds.stats.pending'), value: stats.pending, icon: <Clock className={icon} /> },
    {
      label: t('admin-refunds.stats.processing'),
      value: stats.processing,
      icon: <LoaderCircle className={icon} />,
    },
    {
      label: t('admin-refunds.stats.completed'),
      value: stats.processed,
      icon: <CircleCheck className={icon} />,
    },
    { label: t('admin-refunds.stats.failed'), value: stats.failed, icon: <CircleX className={icon} /> },
  ];
  return (
    <section
      aria-label={t('admin-refunds.stats.label')}
      className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6"
    >
      {cards.map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          value={formatCount(card.value)}
          icon={card.icon}
          loading={isPending}
        />
      ))}
      <StatCard
        label={t('admin-refunds.stats.totalRefunded')}
        value={formatRupees(stats.totalRefundAmount)}
        icon={<IndianRupee className={icon} />}
        loading={isPending}
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
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => onRetry(refund.id)}
      loading={retrying}
      icon={<RotateCcw aria-hidden="true" className="size-4" />}
      aria-label={t('admin-refunds.retryRefund', { id: lastEight(refund.refundId) })}
    >
      {t('admin-refunds.retry')}
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
  const { t } = useTranslation();
  const head = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-maroon-200 uppercase';
  const cell = 'px-3 py-3 align-top';
  return (
    <div className="card hidden overflow-x-auto md:block">
      <table className="w-full text-sm">
        <thead className="border-b border-gold-400/20">
          <tr>
            <th className={head}>{t('admin-refunds.column.refundId')}</th>
            <th className={head}>{t('admin-refunds.column.user')}</th>
            <th className={head}>{t('admin-refunds.column.ticket')}</th>
            <th className={head}>{t('admin-refunds.column.amount')}</th>
            <th className={head}>{t('admin-refunds.column.status')}</th>
            <th className={head}>{t('admin-refunds.column.requested')}</th>
            <th className={head}>{t('admin-refunds.column.processed')}</th>
            {canRetry ? <th className={head}>{t('admin-refunds.column.actions')}</th> : null}
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
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 md:hidden">
      {refunds.map((refund) => (
        <li key={refund.id} data-refund-id={refund.refundId} className="card grid gap-3 p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <UserCell refund={refund} />
            <RefundStatusBadge status={refund.status} />
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label={t('admin-refunds.column.refundId')}>
              <span className="font-mono">{lastEight(refund.refundId)}</span>
            </Fact>
            <Fact label={t('admin-refunds.column.ticket')}>
              <TicketCell refund={refund} />
            </Fact>
            <Fact label={t('admin-refunds.column.amount')}>
              <Amount refund={refund} />
            </Fact>
            <Fact label={t('admin-refunds.column.requested')}>{formatDay(refund.createdAt)}</Fact>
            <Fact label={t('admin-refunds.column.processed')}>{formatDay(refund.processedAt)}</Fact>
          </dl>
          {canRetry && refund.status === 'failed' ? (
            <RetryButton refund={refund} onRetry={onRetry} retrying={retryingId === refund.id} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin dashboard's refund-management view. `role` decides whether Retry shows (admins only, as the
 * server enforces); when the dashboard does not pass it, the view asks GET /auth/me.
 */
export default function AdminRefundManagement({ onBack, role }: { onBack: () => void; role?: Role }) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<RefundStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const searchId = useId();
  const statusId = useId();
  const viewer = useViewerRole({ enabled: role === undefined });
  const viewerRole = role ?? viewer.data;
  const canRetry = viewerRole !== undefined && can({ role: viewerRole }, 'refunds:retry');

  const query: AdminRefundsQuery = { status, search: search.trim(), page, limit: PAGE_SIZE };
  const list = useAdminRefunds(query);
  const queryClient = useQueryClient();
  const [retryingId, setRetryingId] = useState<string | null>(null);
  const retry = useRetryRefund({
    onSuccess: () => toast.success(t('admin-refunds.retried'), toastTarget()),
  });
  const loadError = list.error ? t('admin-refunds.loadFailed', { reason: errorMessage(list.error) }) : null;
  useFailureToast('load-refunds', loadError, list.errorUpdatedAt);

  function changeFilter(update: () => void) {
    update();
    setPage(1);
  }

  function handleRetry(id: string) {
    setRetryingId(id);
    retry.mutate(id, {
      onError: (error) =>
        toast.error(t('admin-refunds.retryFailed', { reason: errorMessage(error) }), toastTarget()),
      onSettled: () => setRetryingId(null),
    });
  }

  const data = list.data;
  let content: ReactNode;
  if (loadError && !data) {
    content = (
      <ErrorPanel
        title={t('admin-refunds.loadFailedTitle')}
        message={loadError}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (!data) {
    content = (
      <div aria-hidden="true" className="grid gap-3">
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} className="h-16 rounded-2xl" />
        ))}
      </div>
    );
  } else if (data.refunds.length === 0) {
    content =
      search || status !== 'all' ? (
        <EmptyState title={t('admin-refunds.noMatchTitle')}>{t('admin-refunds.noMatch')}</EmptyState>
      ) : (
        <EmptyState title={t('admin-refunds.emptyTitle')}>{t('admin-refunds.empty')}</EmptyState>
      );
  } else {
    const rows = { refunds: data.refunds, canRetry, onRetry: handleRetry, retryingId };
    content = (
      <div aria-busy={list.isFetching || undefined}>
        <RefundTable {...rows} />
        <RefundCards {...rows} />
        <Pagination
          label={t('admin-refunds.pages')}
          page={page}
          totalPages={data.pagination.total}
          onChange={setPage}
        />
      </div>
    );
  }

  return (
    <div>
      <ViewHeader
        title={t('admin-refunds.title')}
        description={t('admin-refunds.description')}
        onBack={onBack}
        actions={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void queryClient.invalidateQueries({ queryKey: ADMIN_REFUNDS_QUERY_KEY })}
            loading={list.isFetching && data !== undefined}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            {t('admin-refunds.refresh')}
          </Button>
        }
      />

      <div className="grid gap-6">
        <Stats />

        <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
          <div className="relative">
            <label htmlFor={searchId} className="sr-only">
              {t('admin-refunds.search')}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-maroon-200"
            />
            <input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(changeEvent) => {
                const value = changeEvent.target.value;
                changeFilter(() => setSearchText(value));
              }}
              placeholder={t('admin-refunds.searchPlaceholder')}
              maxLength={100}
              className="min-h-11 w-full rounded-full border border-gold-400/40 bg-maroon-950/70 pr-4 pl-9 text-cream placeholder:text-maroon-300 focus:border-gold-300 focus:outline-none"
            />
          </div>
          <div>
            <label htmlFor={statusId} className="sr-only">
              {t('admin-refunds.filter')}
            </label>
            <select
              id={statusId}
              value={status}
              onChange={(changeEvent) => {
                const value = changeEvent.target.value as RefundStatus | 'all';
                changeFilter(() => setStatus(value));
              }}
              className="min-h-11 w-full rounded-full border border-gold-400/40 bg-maroon-950/70 px-4 text-cream focus:border-gold-300 focus:outline-none"
            >
              <option value="all">{t('admin-refunds.allStatuses')}</option>
              {REFUND_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {refundStatusName(value)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div>
          {data ? (
            <p className="mb-2 text-sm text-maroon-200" aria-live="polite">
              {t('admin-refunds.count', {
                count: data.pagination.totalRefunds,
                formatted: formatCount(data.pagination.totalRefunds),
              })}
            </p>
          ) : null}
          {content}
        </div>
      </div>
    </div>
  );
}

export { AdminRefundManagement };
