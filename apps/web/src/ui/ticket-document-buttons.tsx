import type { TicketDocument } from '@utsav/domain/api/tickets';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../lib/api-client';
import { useDownloadNumberedDocument } from '../lib/order-document';
import { Button } from './button';

const LABELS: Record<TicketDocument['of'], string> = {
  issuance: 'gst.documents.issuance',
  'transfer-fee': 'gst.documents.transferFee',
  'transfer-fee-refund': 'gst.documents.transferFeeRefund',
};

/**
 * A ticket's documents that only their number reaches (a staff issuance's sale, a transfer's fee and its credit
 * note), one button each, on the owner's ticket card and in the staff's ticket details. Each button's name says
 * which document it saves; the server decides again who may read it.
 */
export function TicketDocumentButtons({
  documents,
  className,
}: {
  documents: readonly TicketDocument[] | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const download = useDownloadNumberedDocument();
  if (!documents?.length) return null;
  return (
    <div className={`flex flex-wrap gap-2 ${className ?? ''}`}>
      {documents.map((document) => (
        <Button
          key={document.number}
          size="sm"
          variant="secondary"
          loading={download.isPending && download.variables === document.number}
          icon={<FileText aria-hidden="true" className="size-4" />}
          onClick={() =>
            download.mutate(document.number, {
              onError: (error) => toast.error(t('gst.documents.failed', { reason: errorMessage(error) })),
            })
          }
        >
          {t(LABELS[document.of])}
        </Button>
      ))}
    </div>
  );
}
