import { formatRupees } from '@utsav/domain/pricing';
import { ChevronDown, Copy, Download, Eye, EyeOff, Printer } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../ui/button';
import type { Ticket, TicketStatus } from '../types';
import { formatDay, formatInstant, qrPrefix } from '../utils/format';
import { downloadQr } from '../utils/qr';
import { HolderName } from './holder-name';
import { TicketQr } from './ticket-qr';
import { TransferButton } from './transfer-button';
import { WalletButtons } from './wallet-buttons';

const STATUS_STYLES: Record<TicketStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-emerald-200 text-emerald-950' },
  used: { label: 'Used', className: 'bg-sky-200 text-sky-950' },
  cancelled: { label: 'Cancelled', className: 'bg-rose-200 text-rose-950' },
  transferred: { label: 'Transferred', className: 'bg-violet-200 text-violet-950' },
};

export function StatusBadge({ status }: { status: TicketStatus }) {
  const style = STATUS_STYLES[status];
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${style.className}`}
    >
      {style.label}
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
  return (
    <dl className="grid gap-3 rounded-xl border border-gold-400/20 bg-maroon-950/60 p-4 text-sm sm:grid-cols-2">
      <Fact label="Ticket ID">
        <code className="text-gold-200">{ticket.ticketId}</code>
      </Fact>
      <Fact label="QR code">
        <code className="text-gold-200">{qrPrefix(ticket.qrCode)}</code>
      </Fact>
      <Fact label="Created">{formatInstant(ticket.createdAt)}</Fact>
      <Fact label="Last updated">{formatInstant(ticket.updatedAt)}</Fact>
    </dl>
  );
}

/**
 * One ticket (guest-side §2): event, short id, status, price, purchase date; active tickets show, download,
 * copy and print their QR. `actions` is the seam for per-ticket actions added by the page (cancellation).
 */
export function TicketCard({
  ticket,
  onPrint,
  actions,
}: {
  ticket: Ticket;
  onPrint: (ticket: Ticket) => void;
  actions?: ReactNode;
}) {
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
      toast.error('The QR code could not be saved. Please try again.');
    } finally {
      setDownloading(false);
    }
  }

  async function handleCopy() {
    try {
      await copyText(ticket.ticketId);
      toast.success('Ticket ID copied to clipboard');
    } catch {
      toast.error('Could not copy the ticket ID');
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
              <span className="sr-only">Ticket code </span>
              {ticket.ticketId}
            </p>
          </div>
          <StatusBadge status={ticket.status} />
        </header>

        <HolderName ticket={ticket} />

        <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(7rem,100%),1fr))] gap-3 text-sm">
          <Fact label="Price">{formatRupees(ticket.price)}</Fact>
          <Fact label="Purchased">{formatDay(ticket.createdAt)}</Fact>
          {ticket.status === 'used' ? (
            <>
              <Fact label="Entry time">{formatInstant(ticket.entryTime)}</Fact>
              <Fact label="Scanned by">{ticket.scannedBy ?? '—'}</Fact>
            </>
          ) : null}
          {ticket.status === 'transferred' && ticket.transfer ? (
            <>
              <Fact label="Transferred to">
                {ticket.transfer.toName} <span className="text-maroon-200">({ticket.transfer.toEmail})</span>
              </Fact>
              <Fact label="Transferred">{formatInstant(ticket.transfer.at)}</Fact>
            </>
          ) : null}
          {ticket.status === 'cancelled' ? (
            <>
              <Fact label="Cancelled">{formatInstant(ticket.cancelledAt)}</Fact>
              <Fact label="Reason">{ticket.cancellationReason ?? '—'}</Fact>
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
              {showQr ? 'Hide QR' : 'Show QR'}
            </Button>
            <Button
              size="sm"
              className={COMPACT}
              variant="secondary"
              onClick={handleDownload}
              loading={downloading}
              icon={<Download aria-hidden="true" className="size-4" />}
            >
              Download QR
            </Button>
            <Button
              size="sm"
              className={COMPACT}
              variant="secondary"
              onClick={handleCopy}
              icon={<Copy aria-hidden="true" className="size-4" />}
            >
              Copy ID
            </Button>
            <Button
              size="sm"
              className={COMPACT}
              variant="secondary"
              onClick={() => onPrint(ticket)}
              icon={<Printer aria-hidden="true" className="size-4" />}
            >
              Print
            </Button>
            <TransferButton ticket={ticket} />
            {actions}
          </div>
        ) : (
          actions
        )}

        <WalletButtons ticket={ticket} />

        {active && showQr ? (
          <div id={qrId} className="flex flex-col items-center gap-2">
            <TicketQr token={ticket.qrCode} ticketId={ticket.ticketId} />
            {/* Typed at the gate when the QR will not scan (cracked or dim screen). */}
            <p className="font-mono text-2xl font-bold tracking-widest text-cream" data-testid="ticket-code">
              {ticket.ticketId}
            </p>
            <p className="text-center text-xs text-maroon-100">
              Show this code at the gate. Turn your screen brightness up.
            </p>
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
            View Details
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
