import { useQueryClient } from '@tanstack/react-query';
import { STATUS_UNDO_WINDOW_MS } from '@utsav/domain/ticket-status-change';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { toastTarget } from '../../../../ui/toast';
import type { AdminTicket, TicketStatus } from '../api/get-tickets';
import { useUndoTicketStatus } from '../api/undo-ticket-status';
import { TICKET_CHANGE_KEYS, useUpdateTicketStatus } from '../api/update-ticket-status';
import type { AppliedStatusChange, PendingStatusChange } from '../components/status-change';
import { codeOf } from '../components/ticket-parts';

/** Answers after which the dialog or the undo shows a ticket that no longer is: drop it and reload. */
const STALE_CODES = new Set(['TICKET_CHANGED', 'UNDO_WINDOW_CLOSED', 'NOT_FOUND', 'TICKET_NOT_FOUND']);
const isStale = (error: unknown) => error instanceof ApiError && STALE_CODES.has(error.code ?? '');

/** Focus the row's status select (the table's or the card's, whichever is shown) after an undo. */
function focusStatusOf(ticketId: string) {
  const selects = document.querySelectorAll<HTMLElement>(`[data-status-for="${CSS.escape(ticketId)}"]`);
  [...selects].find((select) => select.getClientRects().length > 0)?.focus();
}

/** Ask -> confirm -> applied with an undo, for one row's status at a time. */
export function useStatusChange() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingStatusChange | null>(null);
  const [applied, setApplied] = useState<AppliedStatusChange | null>(null);
  const update = useUpdateTicketStatus();
  const undoer = useUndoTicketStatus();

  // The undo goes away when the server would no longer take it.
  useEffect(() => {
    if (!applied) return;
    const timer = setTimeout(() => setApplied(null), STATUS_UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [applied]);

  const reload = () =>
    Promise.all(TICKET_CHANGE_KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [...key] })));

  function ask(ticket: AdminTicket, next: TicketStatus) {
    // A transferred ticket is revoked for good: no change is offered for it, and none is sent.
    if (ticket.status !== 'transferred' && next !== ticket.status)
      setPending({ ticket, from: ticket.status, next });
  }

  function confirm() {
    if (!pending) return;
    const { ticket, from, next } = pending;
    update.mutate(
      { ticketId: ticket.id, status: next, expectedStatus: from },
      {
        onSuccess: ({ changeId }) => {
          setPending(null);
          setApplied(
            changeId
              ? {
                  ticketId: ticket.id,
                  code: codeOf(ticket),
                  holder: ticket.user.name,
                  from,
                  to: next,
                  changeId,
                }
              : null,
          );
          toast.success(t('admin-tickets.toast.statusUpdated'));
        },
        onError: (error) => {
          const text = t('admin-tickets.toast.statusFailed', { reason: errorMessage(error) });
          if (!isStale(error)) {
            toast.error(text, toastTarget());
            return;
          }
          // The ticket moved on (a gate scanned it): the question no longer holds; show the list as it is.
          setPending(null);
          toast.error(text);
          void reload();
        },
      },
    );
  }

  function undo() {
    if (!applied) return;
    const change = applied;
    undoer.mutate(
      { ticketId: change.ticketId, changeId: change.changeId },
      {
        onSuccess: () => {
          setApplied(null);
          toast.success(t('admin-tickets.toast.undone'));
          requestAnimationFrame(() => focusStatusOf(change.ticketId));
        },
        onError: (error) => {
          toast.error(t('admin-tickets.toast.undoFailed', { reason: errorMessage(error) }));
          if (isStale(error)) {
            setApplied(null);
            void reload();
          }
        },
      },
    );
  }

  return {
    pending,
    applied,
    confirmBusy: update.isPending,
    undoBusy: undoer.isPending,
    /** The ticket whose change is being sent: its select is disabled meanwhile. */
    busyTicketId: update.isPending ? (pending?.ticket.id ?? null) : null,
    ask,
    confirm,
    cancel: () => {
      if (!update.isPending) setPending(null);
    },
    undo,
    dismiss: () => {
      const ticketId = applied?.ticketId;
      setApplied(null);
      if (ticketId) requestAnimationFrame(() => focusStatusOf(ticketId));
    },
  };
}
