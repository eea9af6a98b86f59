import { formatRupees } from '@utsav/domain/pricing';
import type { RefundStatus } from '@utsav/domain/refunds';
import { CircleAlert, Mail, ReceiptText, RefreshCw, Undo2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { Button, buttonClasses } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { toastTarget } from '../../../ui/toast';
import { useMyRefunds } from '../api/get-my-refunds';
import { useRefundStatus } from '../api/get-refund-status';
import type { Refund, RefundHistoryEntry } from '../types';
import { formatDay, formatInstant, lastEight, supportMailto } from '../utils/format';
import { RefundStatusBadge } from './refund-status-badge';

// The Refund Tracker (guest-side §2): the guest's refunds with status, amounts and timeline, a details dialog,
// and 'Contact Support' for failed ones. Opened from the dashboard tile; while a refund is on its way the
// list refreshes itself every few seconds.

export const TRACKER_MESSAGES = {
  loadFailed: 'Failed to load refunds',
  detailsFailed: 'Failed to load refund details',
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
      <span className="tabular-nums">{formatRupees(refund.originalAmount)}</span> paid −{' '}
      <span className="tabular-nums">{formatRupees(refund.processingFee)}</span> fee ={' '}
      <strong className="text-base text-gold-200 tabular-nums">{formatRupees(refund.refundAmount)}</strong>
    </p>
  );
}

export function Timeline({ entries }: { entries: RefundHistoryEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ol aria-label="Refund timeline" className="grid gap-3 border-l border-gold-400/30 pl-4">
      {entries.map((entry, index) => (
        // History entries have no id of their own; they are append-only, so the index is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list.
        <li key={index} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ring-2 ring-maroon-900 ${DOT[entry.status]}`}
          />
          <p className="text-sm text-cream">{entry.notes}</p>
          <p className="text-xs text-maroon-200">{formatInstant(entry.timestamp)}</p>
        </li>
      ))}
    </ol>
  );
}

function ContactSupport({ refund }: { refund: Refund }) {
  return (
    <a href={supportMailto(refund)} className={buttonClasses('secondary', 'sm')}>
      <Mail aria-hidden="true" className="size-4" />
      Contact Support
    </a>
  );
}

function RefundCard({ refund, onDetails }: { refund: Refund; onDetails: (id: string) => void }) {
  return (
    <li className="card grid gap-3 p-4" data-refund-id={refund.refundId} data-status={refund.status}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-cream">{refund.eventName}</p>
          <p className="font-mono text-xs text-maroon-200">
            Ticket #{lastEight(refund.ticketId)} · {formatDay(refund.createdAt)}
          </p>
        </div>
        <RefundStatusBadge status={refund.status} />
      </div>
      <p className="text-sm text-maroon-50">{refund.statusLabel}</p>
      <Amounts refund={refund} />
      <Timeline entries={refund.statusHistory} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onDetails(refund.id)}
          icon={<ReceiptText aria-hidden="true" className="size-4" />}
        >
          View Details
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
  const query = useRefundStatus(refundId);
  const refund = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure.
  useEffect(() => {
    if (!query.error) return;
    toast.error(TRACKER_MESSAGES.detailsFailed, toastTarget());
    onClose();
  }, [query.errorUpdatedAt]);

  return (
    <Dialog
      open={refundId !== null && !query.error}
      onClose={onClose}
      title="Refund Details"
      description={refund ? <span className="font-mono">{refund.refundId}</span> : 'Loading…'}
      footer={
        <>
          {refund?.status === 'failed' ? <ContactSupport refund={refund} /> : null}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {refund ? (
        <div className="grid gap-5">
          <div className="flex flex-wrap items-center gap-3">
            <RefundStatusBadge status={refund.status} />
            <p className="text-sm text-maroon-50">{refund.statusLabel}</p>
          </div>
          <dl className="grid gap-3 text-sm">
            <DetailRow label="Event">{refund.eventName}</DetailRow>
            <DetailRow label="Ticket ID">
              <code className="text-gold-200">{refund.ticketId}</code>
            </DetailRow>
            <DetailRow label="Original amount">{formatRupees(refund.originalAmount)}</DetailRow>
            <DetailRow label="Processing fee">− {formatRupees(refund.processingFee)}</DetailRow>
            <DetailRow label="Refund amount">
              <strong className="text-gold-200">{formatRupees(refund.refundAmount)}</strong>
            </DetailRow>
            <DetailRow label="Reason">{refund.reason || '—'}</DetailRow>
            <DetailRow label="Requested">{formatInstant(refund.createdAt)}</DetailRow>
            <DetailRow label="Processed">{formatInstant(refund.processedAt)}</DetailRow>
          </dl>
          <div>
            <h3 className="mb-3 text-sm font-semibold tracking-wide text-maroon-200 uppercase">Timeline</h3>
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
  const query = useMyRefunds();
  if (query.error && !query.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
        <CircleAlert aria-hidden="true" className="size-10 text-rose-200" />
        <p className="font-semibold text-cream">{TRACKER_MESSAGES.loadFailed}</p>
        <p className="text-sm text-maroon-100">{errorMessage(query.error)}</p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          Try Again
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
        <p className="font-display text-xl text-gold-200">No Refunds Yet</p>
        <p className="max-w-sm text-sm text-maroon-100">
          When you cancel a ticket, its refund appears here and you can follow it until it reaches your
          account.
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="Your refunds" className="grid gap-3">
      {query.data.map((refund) => (
        <RefundCard key={refund.id} refund={refund} onDetails={onDetails} />
      ))}
    </ul>
  );
}

/** The Refund Tracker as a dialog, opened from the guest dashboard's tile. */
export function RefundTrackerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const query = useMyRefunds({ enabled: open });
  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title="Refund Tracker"
        description="Your cancellations and where each refund is."
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => void query.refetch()}
              loading={query.isFetching && query.data !== undefined}
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
            >
              Refresh
            </Button>
            <Button onClick={onClose}>Close</Button>
          </>
        }
      >
        {open ? <TrackerBody onDetails={setDetailsId} /> : null}
      </Dialog>
      {detailsId ? <RefundDetailsDialog refundId={detailsId} onClose={() => setDetailsId(null)} /> : null}
    </>
  );
}
