import { bulkChangeAllowed } from '@utsav/domain/ticket-status-change';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { Dialog } from '../../../../ui/dialog';
import { FormField, INPUT_CLASSES } from '../../../../ui/form-field';
import { type AdminTicket, TICKET_STATUSES, type TicketStatus } from '../api/get-tickets';
import { BulkMoneyNotes } from './money-note';
import { pastOf, STATUS_KEYS } from './ticket-parts';

/**
 * The statuses a bulk change of `tickets` may take: those the server accepts for every one of them
 * (bulkChangeAllowed: all or nothing) and that move at least one.
 */
export function bulkStatusesFor(tickets: readonly AdminTicket[]): TicketStatus[] {
  const pasts = tickets.map(pastOf);
  return TICKET_STATUSES.filter(
    (to) => bulkChangeAllowed(pasts, to) && pasts.some((past) => past.status !== to),
  );
}

/**
 * The bulk update of the selected tickets (docs/product.md#ticket-management): a status select and 'Update All'.
 * Only the statuses the server accepts for the whole selection are offered, and the chosen one says what it
 * does to money before anything changes.
 */
export function BulkDialog({
  open,
  tickets,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  tickets: readonly AdminTicket[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (status: TicketStatus | '') => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const offered = bulkStatusesFor(tickets);
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={t('admin-tickets.bulk.title')}
      description={t('admin-tickets.bulk.selected', { count: tickets.length })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('admin-tickets.bulk.cancel')}
          </Button>
          <Button onClick={() => onSubmit(status)} loading={busy} disabled={offered.length === 0}>
            {t('admin-tickets.bulk.submit')}
          </Button>
        </>
      }
    >
      {offered.length === 0 ? (
        <p role="alert" className="text-sm font-semibold text-amber-200">
          {t('admin-tickets.bulk.nothingAllowed')}
        </p>
      ) : (
        <FormField id="bulk-status" label={t('admin-tickets.bulk.newStatus')}>
          <select
            id="bulk-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as TicketStatus | '')}
            className={INPUT_CLASSES}
          >
            <option value="">{t('admin-tickets.bulk.selectStatus')}</option>
            {offered.map((value) => (
              <option key={value} value={value}>
                {t(STATUS_KEYS[value])}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <div className="mt-3 grid gap-2" aria-live="polite">
        {status ? <BulkMoneyNotes tickets={tickets} to={status} /> : null}
        <p className="text-sm text-maroon-100">{t('admin-tickets.bulk.note')}</p>
      </div>
    </Dialog>
  );
}
