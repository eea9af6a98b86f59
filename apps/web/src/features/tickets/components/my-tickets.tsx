import { SHOWN_TICKET_STATUSES, type ShownTicketStatus, type Ticket } from '@utsav/domain/api/tickets';
import { CircleAlert, RefreshCw, Ticket as TicketIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../ui/button';
import { formatCount } from '../../../ui/format';
import { preloadQrDrawing, QR_FILE_PX, qrDataUrl } from '../utils/qr';
import { type PrintEventDetails, type PrintJob, PrintTicket } from './print-ticket';
import { TicketCard, ticketStatusName } from './ticket-card';

function Totals({ tickets, failed }: { tickets: Ticket[] | undefined; failed: boolean }) {
  const { t } = useTranslation();
  const count = (status?: ShownTicketStatus) =>
    tickets === undefined ? null : tickets.filter((ticket) => !status || ticket.status === status).length;
  const items: { label: string; value: number | null; tone: string }[] = [
    { label: t('tickets.totals.total'), value: count(), tone: 'text-gold-200' },
    { label: ticketStatusName('active'), value: count('active'), tone: 'text-emerald-300' },
    { label: ticketStatusName('used'), value: count('used'), tone: 'text-sky-300' },
    { label: ticketStatusName('cancelled'), value: count('cancelled'), tone: 'text-rose-300' },
  ];
  return (
    <dl
      aria-live="polite"
      className="grid grid-cols-[repeat(auto-fit,minmax(min(5rem,100%),1fr))] gap-2 sm:gap-3"
    >
      {items.map((item) => (
        <div key={item.label} className="card px-1 py-3 text-center sm:p-4">
          <dt className="text-[0.7rem] font-semibold [overflow-wrap:anywhere] text-maroon-100 uppercase sm:text-sm sm:tracking-wide">
            {item.label}
          </dt>
          <dd className={`mt-1 text-2xl font-bold sm:text-3xl ${item.tone}`}>
            {item.value === null && failed ? (
              '—'
            ) : item.value === null ? (
              <span className="mx-auto block h-8 w-8 animate-shimmer rounded bg-maroon-700" />
            ) : (
              formatCount(item.value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Shown while the tickets load; hidden, not unmounted, once they are in (or failed): React's removal of its nine
 * laid-out nodes took each out of the layout from inside the answer's commit, where Lighthouse's trace records
 * a script stack per node (~1 ms each, decision 1125); hidden, it is one attribute, and the next frame drops
 * their layout.
 */
function TicketSkeletons({ hidden }: { hidden: boolean }) {
  return (
    <ul aria-hidden="true" hidden={hidden} className="mt-6 grid gap-4 md:grid-cols-2">
      {[0, 1].map((key) => (
        <li key={key} className="card h-52 animate-shimmer p-5">
          <span className="block h-6 w-2/3 rounded bg-maroon-700" />
          <span className="mt-3 block h-4 w-1/3 rounded bg-maroon-700" />
          <span className="mt-8 block h-9 w-full rounded-full bg-maroon-700" />
        </li>
      ))}
    </ul>
  );
}

function LoadError({
  reason,
  onRetry,
  retrying,
}: {
  reason: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="card mt-6 flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center">
      <CircleAlert aria-hidden="true" className="size-6 shrink-0 text-rose-200" />
      <p className="flex-1 text-maroon-50">{t('tickets.list.loadFailed', { reason })}</p>
      <Button
        size="sm"
        variant="secondary"
        onClick={onRetry}
        loading={retrying}
        icon={<RefreshCw aria-hidden="true" className="size-4" />}
      >
        {t('tickets.list.retry')}
      </Button>
    </div>
  );
}

function EmptyState({ canBuy, soldOut, onBuy }: { canBuy: boolean; soldOut: boolean; onBuy: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card mt-6 flex flex-col items-center gap-3 p-8 text-center">
      <TicketIcon aria-hidden="true" className="size-12 text-gold-300" />
      <h3 className="font-display text-2xl text-gold-200">{t('tickets.empty.title')}</h3>
      <p className="max-w-md text-maroon-100">
        {canBuy
          ? t('tickets.empty.canBuy')
          : soldOut
            ? t('tickets.empty.soldOut')
            : t('tickets.empty.notOnSale')}
      </p>
      {canBuy ? (
        <Button onClick={onBuy} icon={<TicketIcon aria-hidden="true" className="size-5" />}>
          {t('tickets.empty.buyFirst')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The My Tickets section (docs/product.md#my-tickets): totals, then the tickets grouped by status.
 * renderTicketActions is the seam where the page adds per-ticket actions from other features (Transfer, Cancel).
 */
export function MyTickets({
  tickets,
  loadError,
  onRetry,
  retrying,
  canBuy,
  soldOut = false,
  onBuy,
  event,
  ticketNotice = null,
  renderTicketActions,
}: {
  tickets: Ticket[] | undefined;
  /** Why the list could not be loaded; null when it did (or is still loading). */
  loadError: string | null;
  onRetry: () => void;
  retrying: boolean;
  canBuy: boolean;
  soldOut?: boolean;
  onBuy: () => void;
  event: PrintEventDetails | null;
  /** On a ticket: the same, in one line, where it concerns that ticket (the page decides). */
  ticketNotice?: ((ticket: Ticket) => ReactNode) | null;
  renderTicketActions?: (ticket: Ticket) => ReactNode;
}) {
  const { t } = useTranslation();
  const [printJob, setPrintJob] = useState<PrintJob | null>(null);
  const hasActive = tickets?.some((ticket) => ticket.status === 'active') ?? false;
  useEffect(() => {
    if (hasActive) preloadQrDrawing();
  }, [hasActive]);
  const endPrint = useCallback(() => setPrintJob(null), []);

  async function handlePrint(ticket: Ticket) {
    try {
      setPrintJob({ id: Date.now(), ticket, qrUrl: await qrDataUrl(ticket.qrCode, QR_FILE_PX) });
    } catch {
      toast.error(t('tickets.list.printFailed'));
    }
  }

  let content: ReactNode = null;
  if (tickets === undefined) {
    if (loadError) content = <LoadError reason={loadError} onRetry={onRetry} retrying={retrying} />;
  } else if (tickets.length === 0) {
    content = <EmptyState canBuy={canBuy} soldOut={soldOut} onBuy={onBuy} />;
  } else {
    content = SHOWN_TICKET_STATUSES.map((status) => {
      const group = tickets.filter((ticket) => ticket.status === status);
      if (group.length === 0) return null;
      return (
        <section key={status} aria-labelledby={`tickets-${status}`} className="mt-8">
          <h3 id={`tickets-${status}`} className="font-sans text-lg font-bold text-cream">
            {ticketStatusName(status)}{' '}
            <span className="font-normal text-maroon-200">({formatCount(group.length)})</span>
          </h3>
          <ul className="mt-3 grid gap-4 md:grid-cols-2 [&>li]:min-w-0">
            {group.map((ticket) => (
              <TicketCard
                key={ticket.id}
                ticket={ticket}
                onPrint={handlePrint}
                notice={ticketNotice?.(ticket)}
                actions={renderTicketActions?.(ticket)}
              />
            ))}
          </ul>
        </section>
      );
    });
  }

  return (
    <section id="tickets" aria-labelledby="tickets-title" className="scroll-mt-24">
      <h2 id="tickets-title" className="font-display text-3xl text-gold-200">
        {t('tickets.list.title')}
      </h2>
      <div className="mt-5">
        <Totals tickets={tickets} failed={loadError !== null} />
      </div>
      {tickets !== undefined && loadError ? (
        <LoadError reason={loadError} onRetry={onRetry} retrying={retrying} />
      ) : null}
      <TicketSkeletons hidden={tickets !== undefined || loadError !== null} />
      {content}
      {printJob ? <PrintTicket key={printJob.id} job={printJob} event={event} onDone={endPrint} /> : null}
    </section>
  );
}
