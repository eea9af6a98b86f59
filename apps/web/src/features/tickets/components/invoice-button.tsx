import type { Ticket } from '@utsav/domain/api/tickets';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { useDownloadOrderDocument } from '../../../lib/order-document';
import { Button } from '../../../ui/button';

/**
 * A bought ticket's "Download invoice": the document of the order it was paid in. A ticket received by transfer
 * was paid by someone else (their document), and a free or staff-issued one has no checkout order.
 */
export function hasInvoice(ticket: Ticket): boolean {
  return Boolean(ticket.orderId) && ticket.price > 0 && !ticket.receivedByTransfer;
}

export function InvoiceButton({ ticket, className }: { ticket: Ticket; className?: string }) {
  const { t } = useTranslation();
  const download = useDownloadOrderDocument();
  const orderId = hasInvoice(ticket) ? ticket.orderId : null;
  if (!orderId) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      className={className}
      loading={download.isPending}
      icon={<FileText aria-hidden="true" className="size-4" />}
      onClick={() =>
        download.mutate(orderId, {
          onError: (error) => toast.error(t('tickets.card.invoiceFailed', { reason: errorMessage(error) })),
        })
      }
    >
      {t('tickets.card.downloadInvoice')}
    </Button>
  );
}
