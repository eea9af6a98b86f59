import type { ShownTicketStatus, Ticket } from '@utsav/domain/api/tickets';
import { ChevronDown, Copy, Download, Eye, EyeOff, Printer } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { i18n } from '../../../lib/i18n/i18n';
import { Button } from '../../../ui/button';
import { formatDay, formatInstant, formatRupees } from '../../../ui/format';
import { TicketDocumentButtons } from '../../../ui/ticket-document-buttons';
import { TicketTypeMark } from '../../../ui/ticket-type-mark';
import { qrPrefix } from '../utils/format';
import { downloadQr } from '../utils/qr';
import { HolderName } from './holder-name';
import { InvoiceButton } from './invoice-button';
import { TicketQr } from './ticket-qr';
import { WalletButtons } from './wallet-buttons';

const STATUS_STYLES: Record<ShownTicketStatus, string> = {
  active: 'bg-emerald-200 text-emerald-950',
  used: 'bg-sky-200 text-sky-950',
  cancelled: 'bg-rose-200 text-rose-950',
  transferred: 'bg-violet-200 text-violet-950',
};

/** The status's name in the current language (keys written out whole for the catalog test). */
export function ticketStatusName(status: ShownTicketStatus): string {
  switch (status) {
    case 'active':
      return i18n.t('tickets.status.active');
    case 'used':
      return i18n.t('tickets.status.used');
    case 'cancelled':
      return i18n.t('tickets.status.cancelled');
    case 'transferred':
      return i18n.t('tickets.status.transferred');
  }
}

/** A cancelled ticket whose resale sold says "Resold", not "Cancelled": its money came back as a refund. */
export function StatusBadge({ status, resold = false }: { status: ShownTicketStatus; resold?: boolean }) {
  useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${STATUS_STYLES[status]}`}
    >
      {resold ? i18n.t('tickets.status.resold') : ticketStatusName(status)}
    </span>
  );
}

// Four actions side by side in two columns on a 390 px phone: a little less padding keeps each on one line.
const COMPACT = 'px-2.5! sm:px-4!';

/** Clipboard API where the page is secure; a hidden textarea otherwise (a LAN demo over plain http). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-maroon-200 uppercase">{label}</dt>
      <dd className="mt-0.5 text-cream [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function TicketDetails({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-3 rounded-xl border border-gold-400/20 bg-maroon-950/60 p-4 text-sm sm:grid-cols-2">
      <Fact label={t('tickets.card.ticketId')}>
        <code className="text-gold-200">{ticket.ticketId}</code>
      </Fact>
      {ticket.ticketType ? (
        <Fact label={t('tickets.card.type')}>
          <TicketTypeMark type={ticket.ticketType} />
        </Fact>
      ) : null}
      <Fact label={t('tickets.card.qrCode')}>
        <code className="text-gold-200">{qrPrefix(ticket.qrCode)}</code>
      </Fact>
      <Fact label={t('tickets.card.created')}>{formatInstant(ticket.createdAt)}</Fact>
      <Fact label={t('tickets.card.updated')}>{formatInstant(ticket.updatedAt)}</Fact>
    </dl>
  );
}

/**
 * One ticket (docs/product.md#my-tickets): event, short id, status, price, purchase date; active tickets show,
 * download, copy and print their QR. `actions` is the seam for per-ticket actions added by the page (transfer,
 * cancel).
 */
export function TicketCard({
  ticket,
  onPrint,
  notice = null,
  actions,
}: {
  ticket: Ticket;
  onPrint: (ticket: Ticket) => void;
  /** The night called off or moved (composed by the page), under the ticket's heading. */
  notice?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [showQr, setShowQr] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const qrId = useId();
  const detailsId = useId();
  const titleId = useId();
  const active = ticket.status === 'active';

  async function handleDownload() {
    setDownloading(true);
    try {
      await downloadQr(ticket);
    } catch {
      toast.error(t('tickets.card.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  }

  async function handleCopy() {
    try {
      await copyText(ticket.ticketId);
      toast.success(t('tickets.card.copied'));
    } catch {
      toast.error(t('tickets.card.copyFailed'));
    }
  }

  return (
    <li className="min-w-0">
      <article
        aria-labelledby={titleId}
        className="card flex h-full flex-col gap-4 p-5"
        data-ticket-id={ticket.ticketId}
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h4 id={titleId} className="font-display text-xl break-words text-gold-200">
              {ticket.eventName}
            </h4>
            <p className="mt-0.5 font-mono text-sm text-maroon-100">
              <span className="sr-only">{t('tickets.card.codeLabel')} </span>
              {ticket.ticketId}
            </p>
          </div>
          <StatusBadge
            status={ticket.status}
            resold={ticket.status === 'cancelled' && Boolean(ticket.resoldAt)}
          />
        </header>

        {notice}
        <HolderName ticket={ticket} />

        <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(7rem,100%),1fr))] gap-3 text-sm">
          {ticket.ticketType ? (
            <Fact label={t('tickets.card.type')}>
              <TicketTypeMark type={ticket.ticketType} />
            </Fact>
          ) : null}
          <Fact label={t('tickets.card.price')}>{formatRupees(ticket.price)}</Fact>
          <Fact label={t('tickets.card.purchased')}>{formatDay(ticket.createdAt)}</Fact>
          {ticket.status === 'used' ? (
            <>
              <Fact label={t('tickets.card.entryTime')}>{formatInstant(ticket.entryTime)}</Fact>
              <Fact label={t('tickets.card.scannedBy')}>{ticket.scannedBy?.name ?? '—'}</Fact>
            </>
          ) : null}
          {ticket.status === 'transferred' && ticket.transfer ? (
            <>
              <Fact label={t('tickets.card.transferredTo')}>
                {ticket.transfer.toName} <span className="text-maroon-200">({ticket.transfer.toEmail})</span>
              </Fact>
              <Fact label={t('tickets.card.transferredAt')}>{formatInstant(ticket.transfer.at)}</Fact>
            </>
          ) : null}
          {ticket.status === 'cancelled' ? (
            <>
              <Fact label={t('tickets.card.cancelledAt')}>{formatInstant(ticket.cancelledAt)}</Fact>
              <Fact label={t('tickets.card.reason')}>{ticket.cancellationReason ?? '—'}</Fact>
            </>
          ) : null}
        </dl>

        {active ? (
          // Two buttons a row while each gets 8.5rem, one under the other with large text.
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(8.5rem,100%),1fr))] gap-2 sm:flex sm:flex-wrap">
            <Button
              size="sm"
              className={COMPACT}
              onClick={() => setShowQr((shown) => !shown)}
              aria-expanded={showQr}
              aria-controls={qrId}
              icon={
                showQr ? (
                  <EyeOff aria-hidden="true" className="size-4" />
                ) : (
                  <Eye aria-hidden="true" className="size-4" />
                )
              }
            >
              {showQr ? t('tickets.card.hideQr') : t('tickets.card.showQr')}
            </Button>
            <Button
              size="sm"
              className={COMPACT}
              variant="secondary"
              onClick={handleDownload}
              loading={downloading}
              icon={<Download aria-hidden="true" className="size-4" />}
            >
              {t('tickets.card.downloadQr')}
            </Button>
            <Button
              size="sm"
              className={COMPACT}
              variant="secondary"
              onClick={handleCopy}
              icon={<Copy aria-hidden="true" className="size-4" />}
            >
              {t('tickets.card.copyId')}
            </Button>
            <Button
              size="sm"
              className={COMPACT}
              variant="secondary"
              onClick={() => onPrint(ticket)}
              icon={<Printer aria-hidden="true" className="size-4" />}
            >
              {t('tickets.card.print')}
            </Button>
            {actions}
          </div>
        ) : (
          actions
        )}

        <WalletButtons ticket={ticket} />
        <InvoiceButton ticket={ticket} className="self-start" />
        <TicketDocumentButtons documents={ticket.documents} className="self-start" />

        {active && showQr ? (
          <div id={qrId} className="flex flex-col items-center gap-2">
            <TicketQr token={ticket.qrCode} ticketId={ticket.ticketId} />
            {/* Typed at the gate when the QR will not scan (cracked or dim screen). */}
            <p className="font-mono text-2xl font-bold tracking-widest text-cream" data-testid="ticket-code">
              {ticket.ticketId}
            </p>
            <p className="text-center text-xs text-maroon-100">{t('tickets.card.showAtGate')}</p>
          </div>
        ) : null}

        <div className="mt-auto">
          <button
            type="button"
            onClick={() => setShowDetails((shown) => !shown)}
            aria-expanded={showDetails}
            aria-controls={detailsId}
            className="flex items-center gap-1.5 rounded-md text-sm font-semibold text-gold-300 hover:text-gold-200"
          >
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform ${showDetails ? 'rotate-180' : ''}`}
            />
            {t('tickets.card.viewDetails')}
          </button>
          {showDetails ? (
            <div id={detailsId} className="mt-3">
              <TicketDetails ticket={ticket} />
            </div>
          ) : null}
        </div>
      </article>
    </li>
  );
}
