import type { RefundStatus } from '@utsav/domain/refunds';
import { Ban, CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { refundStatusName } from '../utils/format';

const STYLES: Record<RefundStatus, { className: string; Icon: ComponentType<{ className?: string }> }> = {
  pending: { className: 'bg-amber-200 text-amber-950', Icon: Clock },
  processing: { className: 'bg-sky-200 text-sky-950', Icon: LoaderCircle },
  processed: { className: 'bg-emerald-200 text-emerald-950', Icon: CircleCheck },
  failed: { className: 'bg-rose-200 text-rose-950', Icon: CircleX },
  cancelled: { className: 'bg-maroon-200 text-maroon-950', Icon: Ban },
};

/** The refund's status with its icon: 'Completed' for processed, as in the admin list. */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  useTranslation(); // re-render on a language switch
  const { className, Icon } = STYLES[status];
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {refundStatusName(status)}
    </span>
  );
}
