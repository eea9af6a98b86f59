import type { ManualIssuance } from '@utsav/domain/api/issuance';
import { CircleCheck, Download, FileText, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { Dialog } from '../../../../ui/dialog';
import { formatCount, formatRupees } from '../../../../ui/format';
import { TicketDocumentButtons } from '../../../../ui/ticket-document-buttons';
import type { IssueManualResult } from '../api/issue-manual-tickets';

const DOCUMENT_KINDS: Record<NonNullable<ManualIssuance['document']>['kind'], string> = {
  'tax-invoice': 'admin-issuance.success.kinds.taxInvoice',
  'bill-of-supply': 'admin-issuance.success.kinds.billOfSupply',
  receipt: 'admin-issuance.success.kinds.receipt',
  'credit-note': 'admin-issuance.success.kinds.creditNote',
};

/** After issuing (docs/product.md#manual-issuance): who got what, payment status, the email notice and the four ways on. */
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
  const { t } = useTranslation();
  const count = result?.ticketIds.length ?? 0;
  return (
    <Dialog
      open={result !== null}
      onClose={onSkip}
      title={t('admin-issuance.success.title')}
      description={t('admin-issuance.success.issued', { count })}
      footer={
        <div className="grid w-full grid-cols-2 gap-2">
          <Button
            className="col-span-2"
            onClick={onDownload}
            loading={downloading}
            icon={<Download aria-hidden="true" className="size-4" />}
          >
            {t('admin-issuance.success.download')}
          </Button>
          <Button variant="secondary" onClick={onSkip}>
            {t('admin-issuance.success.skip')}
          </Button>
          <Button variant="secondary" onClick={onIssueMore}>
            {t('admin-issuance.success.more')}
          </Button>
          <Button variant="ghost" className="col-span-2" onClick={onBack}>
            {t('admin.common.backToDashboard')}
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
                    {t('admin-issuance.success.newUser')}
                  </span>
                ) : null}
              </p>
              <p className="truncate text-sm text-maroon-100">{result.user.email}</p>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-3 rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4 text-sm">
            <div>
              <dt className="text-maroon-200">{t('admin-issuance.success.ticketsIssued')}</dt>
              <dd className="text-xl font-bold text-cream">{formatCount(count)}</dd>
            </div>
            <div>
              <dt className="text-maroon-200">{t('admin-issuance.success.total')}</dt>
              <dd className="text-xl font-bold text-cream">{formatRupees(result.totalAmount)}</dd>
            </div>
            <div>
              <dt className="text-maroon-200">{t('admin-issuance.success.payment')}</dt>
              <dd>
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${
                    paymentDone ? 'bg-emerald-200 text-emerald-950' : 'bg-gold-200 text-maroon-950'
                  }`}
                >
                  {paymentDone ? t('admin-issuance.success.received') : t('admin-issuance.success.pending')}
                </span>
              </dd>
            </div>
          </dl>
          {result.document ? (
            <div className="grid gap-2 rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4 text-sm">
              <p className="flex items-start gap-2 text-maroon-100">
                <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
                <span className="min-w-0 break-words">
                  {t('admin-issuance.success.document', {
                    kind: t(DOCUMENT_KINDS[result.document.kind]),
                    number: result.document.number,
                  })}
                </span>
              </p>
              <TicketDocumentButtons documents={[{ ...result.document, of: 'issuance' }]} />
            </div>
          ) : null}
          <p className="flex items-start gap-2 text-sm text-maroon-100">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
            {t('admin-issuance.success.emailed', { email: result.user.email })}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
