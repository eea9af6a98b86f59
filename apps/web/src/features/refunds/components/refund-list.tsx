import type { Refund } from '@utsav/domain/api/refunds';
import { formatRupees } from '@utsav/domain/pricing';
import { displayTicketCode } from '@utsav/domain/ticket-code';
import { CircleCheck, CircleX, Clock, IndianRupee, ListChecks, LoaderCircle, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { formatCount } from '../../../ui/format';
import { StatCard } from '../../../ui/stat-card';
import { EMPTY_REFUND_STATS, useRefundStats } from '../api/get-refund-stats';
import { formatDay, lastEight } from '../utils/format';
import { RefundStatusBadge } from './refund-status-badge';

// The refund list's parts: the stats cards, the table (desktop), the cards (phone) and Retry.

export function Stats() {
  // Refund stats failures are silent (docs/product.md#refund-management): the cards show zeros.
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
      className="grid grid-cols-2 gap-3 @max-xs:grid-cols-1 md:grid-cols-3 xl:grid-cols-6"
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
      <p className="font-mono text-cream">{displayTicketCode(refund.ticket.ticketId)}</p>
      <p className="truncate text-xs text-maroon-200">{refund.ticket.eventName}</p>
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

export interface RowProps {
  refunds: Refund[];
  canRetry: boolean;
  onRetry: (id: string) => void;
  retryingId: string | null;
}

export function RefundTable({ refunds, canRetry, onRetry, retryingId }: RowProps) {
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

export function RefundCards({ refunds, canRetry, onRetry, retryingId }: RowProps) {
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
