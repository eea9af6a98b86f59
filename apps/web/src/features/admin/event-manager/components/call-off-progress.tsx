import { RefreshCw, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ErrorPanel } from '../../../../ui/error-panel';
import { formatCount, formatRupees } from '../../../../ui/format';
import { Skeleton } from '../../../../ui/skeleton';
import {
  type EventChangeProgress,
  useEventChangeProgress,
  useRetryCallOffRefunds,
} from '../api/event-change';

const TONES = { done: 'text-emerald-300', pending: 'text-gold-200', failed: 'text-rose-200' } as const;

function Figure({
  label,
  orders,
  amount,
  tone,
}: {
  label: string;
  orders: number;
  amount: number;
  tone: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-3">
      <dt className="text-sm font-semibold text-maroon-100">{label}</dt>
      <dd className={`mt-1 text-xl font-bold tabular-nums ${tone}`}>
        {t('admin-event-change.progress.orders', { count: orders, formatted: formatCount(orders) })}
      </dd>
      <dd className="text-sm text-cream tabular-nums">{formatRupees(amount)}</dd>
    </div>
  );
}

function Figures({ progress }: { progress: EventChangeProgress }) {
  const { t } = useTranslation();
  const total = progress.done + progress.pending + progress.failed;
  const settled = progress.pending === 0;
  return (
    <>
      {total > 0 ? (
        <progress
          className="h-3 w-full accent-emerald-400"
          max={total}
          value={progress.done}
          aria-label={t('admin-event-change.progress.barLabel')}
          aria-valuetext={t('admin-event-change.progress.barText', {
            done: formatCount(progress.done),
            total: formatCount(total),
          })}
        />
      ) : null}
      <dl aria-live="polite" className="grid grid-cols-[repeat(auto-fit,minmax(min(8rem,100%),1fr))] gap-3">
        <Figure
          label={t('admin-event-change.progress.done')}
          orders={progress.done}
          amount={progress.refundedTotal}
          tone={TONES.done}
        />
        <Figure
          label={t('admin-event-change.progress.pending')}
          orders={progress.pending}
          amount={progress.pendingTotal}
          tone={TONES.pending}
        />
        <Figure
          label={t('admin-event-change.progress.failed')}
          orders={progress.failed}
          amount={progress.failedTotal}
          tone={TONES.failed}
        />
      </dl>
      <p role="status" className="text-sm text-maroon-50">
        {settled && progress.failed === 0
          ? t('admin-event-change.progress.complete')
          : settled
            ? t('admin-event-change.progress.settledWithFailures')
            : t('admin-event-change.progress.running')}
      </p>
      {progress.failedOrders.length > 0 ? (
        <section aria-labelledby="call-off-failed" className="grid gap-2">
          <h4 id="call-off-failed" className="font-semibold text-cream">
            {t('admin-event-change.progress.failedOrders')}
          </h4>
          <ul className="grid gap-2 text-sm">
            {progress.failedOrders.map((order) => (
              <li key={order.orderId} className="rounded-lg bg-rose-950/40 p-3 [overflow-wrap:anywhere]">
                <code className="text-gold-200">{order.orderId}</code> · {formatRupees(order.amount)}
                {order.error ? <span className="block text-rose-100">{order.error}</span> : null}
              </li>
            ))}
          </ul>
          <p className="text-sm text-maroon-100">{t('admin-event-change.progress.failedNote')}</p>
          {settled ? <RetryFailed /> : null}
        </section>
      ) : null}
    </>
  );
}

/** Once the job has given up on them: every failed refund put back to be sent, each once (the server's rule). */
function RetryFailed() {
  const { t } = useTranslation();
  const retry = useRetryCallOffRefunds();
  return (
    <Button
      size="sm"
      className="justify-self-start"
      loading={retry.isPending}
      icon={<RotateCcw aria-hidden="true" className="size-4" />}
      onClick={() =>
        retry.mutate(undefined, {
          onSuccess: (count) => toast.success(t('admin-event-change.progress.retried', { count })),
          onError: (error) =>
            toast.error(t('admin-event-change.progress.retryFailed', { reason: errorMessage(error) })),
        })
      }
    >
      {t('admin-event-change.progress.retry')}
    </Button>
  );
}

/**
 * The call-off's refunds: orders done, pending and failed, with their amounts, asked again every few seconds while
 * any is pending (and on "Refresh"). The job retries a failed refund by itself a few times; one that keeps failing
 * is listed here, and 'Retry failed refunds' puts them all back.
 */
export function CallOffProgress() {
  const { t } = useTranslation();
  const query = useEventChangeProgress();
  return (
    <section aria-labelledby="call-off-progress" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="call-off-progress" className="font-sans text-lg font-semibold text-gold-200">
          {t('admin-event-change.progress.title')}
        </h3>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          {t('admin-event-change.progress.refresh')}
        </Button>
      </div>
      {query.isPending ? (
        <div role="status" aria-busy="true" className="grid gap-3">
          <span className="sr-only">{t('admin-event-change.progress.loading')}</span>
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorPanel
          title={t('admin-event-change.progress.loadFailed')}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Figures progress={query.data} />
      )}
    </section>
  );
}
