import { useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@utsav/domain/constants';
import { REFUND_STATUSES, type RefundStatus } from '@utsav/domain/refunds';
import { can, type Role } from '@utsav/domain/roles';
import { RefreshCw, Search } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { EmptyState, ErrorPanel } from '../../../ui/error-panel';
import { formatCount } from '../../../ui/format';
import { Pagination } from '../../../ui/pagination';
import { Skeleton } from '../../../ui/skeleton';
import { toastTarget } from '../../../ui/toast';
import { useDebouncedValue, useFailureToast } from '../../../ui/use-failure-toast';
import { ViewHeader } from '../../../ui/view-header';
import { type AdminRefundsQuery, useAdminRefunds } from '../api/get-admin-refunds';
import { useViewerRole } from '../api/get-viewer-role';
import { ADMIN_REFUNDS_QUERY_KEY } from '../api/keys';
import { useRetryRefund } from '../api/retry-refund';
import { refundStatusName } from '../utils/format';
import { RefundCards, RefundTable, Stats } from './refund-list';

// Refund management (docs/product.md#refund-management): stats, total refunded, search, status filter (processed reads
// 'Completed'), the table of every refund with pages of 20, and — for admins — Retry on failed refunds.
// Below 768 px the table becomes cards.

const SEARCH_DELAY_MS = 300;

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
