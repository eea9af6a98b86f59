import type { Ticket } from '@utsav/domain/api/tickets';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../ui/format';
import { TicketTypeMark } from '../../../ui/ticket-type-mark';
import { useTimeRange } from '../../../ui/time-range';
import { formatEventDay } from '../utils/format';

export interface PrintEventDetails {
  date: string | null;
  startTime: string;
  endTime: string;
  venue: string;
}

export interface PrintJob {
  /** A new id per Print click, so printing the same ticket twice prints twice. */
  id: number;
  ticket: Ticket;
  qrUrl: string;
}

/**
 * One ticket laid out for paper, outside the app (a portal on <body>). While it exists, the print styles in
 * styles.css hide everything else, so the printout is the ticket alone: event, holder, id and QR code.
 */
export function PrintTicket({
  job,
  event,
  onDone,
}: {
  job: PrintJob;
  event: PrintEventDetails | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const timeRange = useTimeRange();
  useEffect(() => {
    document.body.dataset.printing = 'ticket';
    const finish = () => onDone();
    window.addEventListener('afterprint', finish);
    // The image is a data URL already decoded by the browser; one frame lets the portal paint first.
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', finish);
      delete document.body.dataset.printing;
    };
  }, [onDone]);

  const { ticket, qrUrl } = job;
  return createPortal(
    <div className="print-sheet" aria-hidden="true">
      <div className="print-ticket">
        <p className="print-eyebrow">{t('tickets.print.eyebrow')}</p>
        <h1>{ticket.eventName}</h1>
        {event ? (
          <p className="print-when">
            {event.date ? `${formatEventDay(event.date)} · ` : ''}
            {timeRange(event.startTime, event.endTime)}
            <br />
            {event.venue}
          </p>
        ) : null}
        <img src={qrUrl} alt="" width={320} height={320} />
        <dl>
          <div>
            <dt>{t('tickets.print.holder')}</dt>
            <dd>{ticket.holderName || ticket.user.name || '—'}</dd>
          </div>
          <div>
            <dt>{t('tickets.card.ticketId')}</dt>
            <dd className="print-mono">{ticket.ticketId}</dd>
          </div>
          {ticket.ticketType ? (
            <div>
              <dt>{t('tickets.card.type')}</dt>
              <dd>
                <TicketTypeMark type={ticket.ticketType} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('tickets.card.purchased')}</dt>
            <dd>{formatInstant(ticket.createdAt)}</dd>
          </div>
        </dl>
        <p className="print-note">
          {(ticket.ticketType?.admits ?? 1) > 1
            ? t('tickets.print.noteMany', { count: ticket.ticketType!.admits })
            : t('tickets.print.note')}
        </p>
      </div>
    </div>,
    document.body,
  );
}
