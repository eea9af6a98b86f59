import type { Refund } from '@utsav/domain/api/refunds';
import type { RefundStatus } from '@utsav/domain/refunds';
import { displayTicketCode } from '@utsav/domain/ticket-code';
import { CircleAlert, Mail, ReceiptText, RefreshCw, Undo2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { useSupportEmail } from '../../../lib/current-event';
import { i18n } from '../../../lib/i18n/i18n';
import { Button, buttonClasses } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { formatRupees } from '../../../ui/format';
import { toastTarget } from '../../../ui/toast';
import { useMyRefunds } from '../api/get-my-refunds';
import { useRefundStatus } from '../api/get-refund-status';
import {
  formatDay,
  formatInstant,
  refundDialogLabels,
  refundHistoryNote,
  refundStatusSentence,
  supportMailto,
} from '../utils/format';
import { RefundStatusBadge } from './refund-status-badge';

// The Refund Tracker (docs/product.md#refund-tracker): the guest's refunds with status, amounts and timeline, a details dialog,
// and 'Contact Support' for failed ones. Opened from the dashboard tile; while a refund is on its way the
// list refreshes itself every few seconds.

export const TRACKER_MESSAGES = {
  loadFailed: () => i18n.t('refunds.tracker.loadFailed'),
  detailsFailed: () => i18n.t('refunds.tracker.detailsFailed'),
} as const;

const DOT: Record<RefundStatus, string> = {
  pending: 'bg-amber-300',
  processing: 'bg-sky-300',
  processed: 'bg-emerald-300',
  failed: 'bg-rose-300',
  cancelled: 'bg-maroon-300',
};

export function Amounts({ refund }: { refund: Refund }) {
  return (
    <p className="text-sm text-maroon-100">
      <Trans
        i18nKey="refunds.tracker.amounts"
        values={{
          paid: formatRupees(refund.originalAmount),
          fee: formatRupees(refund.processingFee),
          refund: formatRupees(refund.refundAmount),
        }}
        components={{
          num: <span className="tabular-nums" />,
          strong: <strong className="text-base text-gold-200 tabular-nums" />,
        }}
      />
    </p>
  );
}

export function Timeline({ entries }: { entries: Refund['statusHistory'] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <ol
      aria-label={t('refunds.tracker.timelineLabel')}
      className="grid gap-3 border-l border-gold-400/30 pl-4"
    >
      {entries.map((entry, index) => (
        // History entries have no id of their own; they are append-only, so the index is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list.
        <li key={index} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ring-2 ring-maroon-900 ${DOT[entry.status]}`}
          />
          <p className="text-sm text-cream">{refundHistoryNote(entry)}</p>
          <p className="text-xs text-maroon-200">{formatInstant(entry.timestamp)}</p>
        </li>
      ))}
    </ol>
  );
}

function ContactSupport({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  const email = useSupportEmail();
  if (!email) return null;
  return (
    <a href={supportMailto(email, refund)} className={buttonClasses('secondary', 'sm')}>
      <Mail aria-hidden="true" className="size-4" />
      {t('refunds.tracker.contactSupport')}
    </a>
  );
}

function RefundCard({ refund, onDetails }: { refund: Refund; onDetails: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <li className="card grid gap-3 p-4" data-refund-id={refund.refundId} data-status={refund.status}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-cream">
            {refund.ticket.eventName}
            {refund.resale ? (
              <span className="ms-2 inline-block rounded-full border border-gold-400/50 px-2 text-xs font-semibold text-gold-200">
                {t('refunds.tracker.resale')}
              </span>
            ) : null}
          </p>
          {/* Only the code is set in the monospace face: it has no Devanagari or Gujarati letters. */}
          <p className="text-xs text-maroon-200">
            <Trans
              i18nKey="refunds.tracker.ticketLine"
              values={{ code: displayTicketCode(refund.ticket.ticketId), date: formatDay(refund.createdAt) }}
              components={{ code: <span className="font-mono" /> }}
            />
          </p>
        </div>
        <RefundStatusBadge status={refund.status} />
      </div>
      <p className="text-sm text-maroon-50">{refundStatusSentence(refund.status)}</p>
      <Amounts refund={refund} />
      <Timeline entries={refund.statusHistory} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onDetails(refund.id)}
          icon={<ReceiptText aria-hidden="true" className="size-4" />}
        >
          {t('refunds.tracker.viewDetails')}
        </Button>
        {refund.status === 'failed' ? <ContactSupport refund={refund} /> : null}
      </div>
    </li>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-xs font-semibold tracking-wide text-maroon-200 uppercase sm:text-sm sm:normal-case sm:tracking-normal">
        {label}
      </dt>
      <dd className="text-cream [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** GET /refunds/status/{id} in a dialog over the tracker; a failure closes it with a toast. */
export function RefundDetailsDialog({ refundId, onClose }: { refundId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useRefundStatus(refundId);
  const refund = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure.
  useEffect(() => {
    if (!query.error) return;
    toast.error(TRACKER_MESSAGES.detailsFailed(), toastTarget());
    onClose();
  }, [query.errorUpdatedAt]);

  return (
    <Dialog
      labels={refundDialogLabels()}
      open={refundId !== null && !query.error}
      onClose={onClose}
      title={t('refunds.details.title')}
      description={refund ? <span className="font-mono">{refund.refundId}</span> : t('refunds.loading')}
      footer={
        <>
          {refund?.status === 'failed' ? <ContactSupport refund={refund} /> : null}
          <Button variant="secondary" onClick={onClose}>
            {t('refunds.close')}
          </Button>
        </>
      }
    >
      {refund ? (
        <div className="grid gap-5">
          <div className="flex flex-wrap items-center gap-3">
            <RefundStatusBadge status={refund.status} />
            <p className="text-sm text-maroon-50">{refundStatusSentence(refund.status)}</p>
          </div>
          <dl className="grid gap-3 text-sm">
            <DetailRow label={t('refunds.details.event')}>{refund.ticket.eventName}</DetailRow>
            <DetailRow label={t('refunds.details.ticketId')}>
              <code className="text-gold-200">{refund.ticket.ticketId}</code>
            </DetailRow>
            <DetailRow label={t('refunds.breakdown.original')}>
              {formatRupees(refund.originalAmount)}
            </DetailRow>
            <DetailRow label={t('refunds.details.fee')}>− {formatRupees(refund.processingFee)}</DetailRow>
            <DetailRow label={t('refunds.breakdown.refund')}>
              <strong className="text-gold-200">{formatRupees(refund.refundAmount)}</strong>
            </DetailRow>
            <DetailRow label={t('refunds.details.reason')}>{refund.reason || '—'}</DetailRow>
            <DetailRow label={t('refunds.details.requested')}>{formatInstant(refund.createdAt)}</DetailRow>
            <DetailRow label={t('refunds.details.processed')}>{formatInstant(refund.processedAt)}</DetailRow>
          </dl>
          <div>
            <h3 className="mb-3 text-sm font-semibold tracking-wide text-maroon-200 uppercase">
              {t('refunds.details.timeline')}
            </h3>
            <Timeline entries={refund.statusHistory} />
          </div>
        </div>
      ) : (
        <div aria-hidden="true" className="grid gap-3">
          <span className="h-6 w-1/2 animate-shimmer rounded bg-maroon-800" />
          <span className="h-24 animate-shimmer rounded bg-maroon-800" />
        </div>
      )}
    </Dialog>
  );
}

function TrackerBody({ onDetails }: { onDetails: (id: string) => void }) {
  const { t } = useTranslation();
  const query = useMyRefunds();
  if (query.error && !query.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
        <CircleAlert aria-hidden="true" className="size-10 text-rose-200" />
        <p className="font-semibold text-cream">{TRACKER_MESSAGES.loadFailed()}</p>
        <p className="text-sm text-maroon-100">{errorMessage(query.error)}</p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          {t('refunds.tracker.tryAgain')}
        </Button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div aria-hidden="true" className="grid gap-3">
        <span className="h-32 animate-shimmer rounded-2xl bg-maroon-800" />
        <span className="h-32 animate-shimmer rounded-2xl bg-maroon-800" />
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <Undo2 aria-hidden="true" className="size-10 text-gold-300" />
        <p className="font-display text-xl text-gold-200">{t('refunds.tracker.emptyTitle')}</p>
        <p className="max-w-sm text-sm text-maroon-100">{t('refunds.tracker.emptyText')}</p>
      </div>
    );
  }
  return (
    <ul aria-label={t('refunds.tracker.listLabel')} className="grid gap-3">
      {query.data.map((refund) => (
        <RefundCard key={refund.id} refund={refund} onDetails={onDetails} />
      ))}
    </ul>
  );
}

/** The Refund Tracker as a dialog, opened from the guest dashboard's tile. */
export function RefundTrackerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const query = useMyRefunds({ enabled: open });
  return (
    <>
      <Dialog
        labels={refundDialogLabels()}
        open={open}
        onClose={onClose}
        title={t('refunds.tracker.title')}
        description={t('refunds.tracker.description')}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => void query.refetch()}
              loading={query.isFetching && query.data !== undefined}
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
            >
              {t('refunds.tracker.refresh')}
            </Button>
            <Button onClick={onClose}>{t('refunds.close')}</Button>
          </>
        }
      >
        {open ? <TrackerBody onDetails={setDetailsId} /> : null}
      </Dialog>
      {detailsId ? <RefundDetailsDialog refundId={detailsId} onClose={() => setDetailsId(null)} /> : null}
    </>
  );
}
