import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { Dialog } from '../../../../ui/dialog';
import { FormField, INPUT_CLASSES } from '../../../../ui/form-field';
import { TICKET_STATUSES, type TicketStatus } from '../api/get-tickets';
import { STATUS_KEYS } from './ticket-parts';

/** The bulk update of the selected tickets (docs/product.md#ticket-management): a status select and 'Update All'. */
export function BulkDialog({
  open,
  count,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  onClose: () => void;
  onSubmit: (status: TicketStatus | '') => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TicketStatus | ''>('');
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={t('admin-tickets.bulk.title')}
      description={t('admin-tickets.bulk.selected', { count })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('admin-tickets.bulk.cancel')}
          </Button>
          <Button onClick={() => onSubmit(status)} loading={busy}>
            {t('admin-tickets.bulk.submit')}
          </Button>
        </>
      }
    >
      <FormField id="bulk-status" label={t('admin-tickets.bulk.newStatus')}>
        <select
          id="bulk-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as TicketStatus | '')}
          className={INPUT_CLASSES}
        >
          <option value="">{t('admin-tickets.bulk.selectStatus')}</option>
          {TICKET_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(STATUS_KEYS[value])}
            </option>
          ))}
        </select>
      </FormField>
      <p className="mt-3 text-sm text-maroon-100">{t('admin-tickets.bulk.note')}</p>
    </Dialog>
  );
}
