import { formatRupees } from '@utsav/domain/pricing';
import { CircleCheck, Download, Mail } from 'lucide-react';
import { Button } from '../../../../ui/button';
import { Dialog } from '../../../../ui/dialog';
import type { IssueManualResult } from '../api/issue-manual-tickets';

/** After issuing (admin-side §2): who got what, payment status, the email notice and the four ways on. */
export function SuccessDialog({
  result,
  paymentDone,
  downloading,
  onDownload,
  onSkip,
  onIssueMore,
  onBack,
}: {
  result: IssueManualResult | null;
  paymentDone: boolean;
  downloading: boolean;
  onDownload: () => void;
  onSkip: () => void;
  onIssueMore: () => void;
  onBack: () => void;
}) {
  const count = result?.ticketIds.length ?? 0;
  return (
    <Dialog
      open={result !== null}
      onClose={onSkip}
      title="Tickets Issued Successfully"
      description={`${count} ticket${count === 1 ? '' : 's'} issued.`}
      footer={
        <div className="grid w-full grid-cols-2 gap-2">
          <Button
            className="col-span-2"
            onClick={onDownload}
            loading={downloading}
            icon={<Download aria-hidden="true" className="size-4" />}
          >
            Download PDF
          </Button>
          <Button variant="secondary" onClick={onSkip}>
            Skip
          </Button>
          <Button variant="secondary" onClick={onIssueMore}>
            Issue More Tickets
          </Button>
          <Button variant="ghost" className="col-span-2" onClick={onBack}>
            Back to Dashboard
          </Button>
        </div>
      }
    >
      {result ? (
        <div className="grid gap-4">
          <div className="flex items-center gap-3">
            <CircleCheck aria-hidden="true" className="size-10 shrink-0 text-emerald-300" />
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-cream">
                {result.user.name}
                {result.user.isNewUser ? (
                  <span className="rounded-full bg-emerald-200 px-2 py-0.5 text-xs font-bold text-emerald-950">
                    New User
                  </span>
                ) : null}
              </p>
              <p className="truncate text-sm text-maroon-100">{result.user.email}</p>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-3 rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4 text-sm">
            <div>
              <dt className="text-maroon-200">Tickets issued</dt>
              <dd className="text-xl font-bold text-cream">{count}</dd>
            </div>
            <div>
              <dt className="text-maroon-200">Total amount</dt>
              <dd className="text-xl font-bold text-cream">{formatRupees(result.totalAmount)}</dd>
            </div>
            <div>
              <dt className="text-maroon-200">Payment</dt>
              <dd>
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${
                    paymentDone ? 'bg-emerald-200 text-emerald-950' : 'bg-gold-200 text-maroon-950'
                  }`}
                >
                  {paymentDone ? 'Received' : 'Pending'}
                </span>
              </dd>
            </div>
          </dl>
          <p className="flex items-start gap-2 text-sm text-maroon-100">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
            The tickets have been emailed to {result.user.email}. Download the PDFs to print or share them
            now.
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
