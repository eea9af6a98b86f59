import { STATUS_UNDO_WINDOW_MS } from '@utsav/domain/ticket-status-change';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { toastTarget } from '../../../../ui/toast';
import { type BulkChange, useBulkUpdateTickets } from '../api/bulk-update-tickets';
import type { TicketStatus } from '../api/get-tickets';
import { useUndoBulkUpdate } from '../api/undo-bulk-update';

/** A bulk update just applied: what its undo bar says and takes back. */
export interface AppliedBulkUpdate {
  to: TicketStatus;
  changes: BulkChange[];
}

/** The bulk update of the selection, then an undo of all of it for as long as the server accepts one. */
export function useBulkUpdate(onUpdated: () => void) {
  const { t } = useTranslation();
  const update = useBulkUpdateTickets();
  const undoer = useUndoBulkUpdate();
  const [applied, setApplied] = useState<AppliedBulkUpdate | null>(null);

  useEffect(() => {
    if (!applied) return;
    const timer = setTimeout(() => setApplied(null), STATUS_UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [applied]);

  function submit(ticketIds: string[], next: TicketStatus | '') {
    if (ticketIds.length === 0 || next === '') {
      toast.error(t('admin-tickets.toast.bulkNeedsSelection'), toastTarget());
      return;
    }
    update.mutate(
      { ticketIds, status: next },
      {
        onSuccess: ({ updated, changes }) => {
          onUpdated();
          setApplied(changes.length > 0 ? { to: next, changes } : null);
          toast.success(t('admin-tickets.toast.bulkUpdated', { count: updated }), toastTarget());
        },
        onError: (error) =>
          toast.error(t('admin-tickets.toast.bulkFailed', { reason: errorMessage(error) }), toastTarget()),
      },
    );
  }

  function undo() {
    if (!applied) return;
    undoer.mutate(applied.changes, {
      onSuccess: () => {
        setApplied(null);
        toast.success(t('admin-tickets.toast.undone'));
      },
      onError: (error) => toast.error(t('admin-tickets.toast.undoFailed', { reason: errorMessage(error) })),
    });
  }

  return {
    submit,
    busy: update.isPending,
    applied,
    undo,
    undoBusy: undoer.isPending,
    dismiss: () => setApplied(null),
  };
}
