import { statusChangeEffect } from '@utsav/domain/ticket-status-change';
import { Undo2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import type { AdminTicket, TicketStatus } from '../api/get-tickets';
import type { AppliedBulkUpdate } from '../hooks/use-bulk-update';
import { MoneyNote } from './money-note';
import { codeOf, STATUS_KEYS } from './ticket-parts';

// A row's status change is asked, confirmed, then offered back: choosing a status in the
// row's select opens the confirmation; once applied, a bar above the list offers an undo for as long as
// the server accepts it (STATUS_UNDO_WINDOW_MS). The bar is a polite live region, so the change is
// announced, and it stays until used or dismissed (no timed toast to catch).

export interface PendingStatusChange {
  ticket: AdminTicket;
  /** The ticket's stored status the change starts from (what the server is told to expect). */
  from: TicketStatus;
  next: TicketStatus;
}

export interface AppliedStatusChange {
  ticketId: string;
  code: string;
  holder: string;
  from: TicketStatus;
  to: TicketStatus;
  changeId: string;
}

const EFFECT_KEYS = {
  releasesSeat: 'admin-tickets.confirm.effect.releasesSeat',
  takesSeat: 'admin-tickets.confirm.effect.takesSeat',
  clearsAdmission: 'admin-tickets.confirm.effect.clearsAdmission',
  recordsAdmission: 'admin-tickets.confirm.effect.recordsAdmission',
} as const;

export function StatusConfirmDialog({
  change,
  busy,
  onConfirm,
  onCancel,
}: {
  change: PendingStatusChange | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const effect = change ? statusChangeEffect(change.from, change.next) : null;
  return (
    <ConfirmDialog
      open={change !== null}
      title={t('admin-tickets.confirm.title')}
      confirmLabel={t('admin-tickets.confirm.confirm')}
      cancelLabel={t('admin-tickets.confirm.cancel')}
      danger={change?.next === 'cancelled'}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {change ? (
        <div className="grid gap-3 text-maroon-50">
          <p>
            {t('admin-tickets.confirm.text', {
              code: codeOf(change.ticket),
              holder: change.ticket.user.name,
              from: t(STATUS_KEYS[change.ticket.status]),
              to: t(STATUS_KEYS[change.next]),
            })}
          </p>
          {effect ? <p className="text-sm text-maroon-100">{t(EFFECT_KEYS[effect])}</p> : null}
          <MoneyNote ticket={change.ticket} from={change.from} to={change.next} />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

function UndoCard({
  text,
  busy,
  onUndo,
  onDismiss,
}: {
  text: string;
  busy: boolean;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-wrap items-center gap-3 border-saffron-300/50 p-3 text-sm">
      <p className="min-w-0 flex-1 text-cream">{text}</p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={onUndo}
          icon={<Undo2 aria-hidden="true" className="size-4" />}
        >
          {t('admin-tickets.undo.button')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDismiss}
          disabled={busy}
          aria-label={t('admin-tickets.undo.dismiss')}
          icon={<X aria-hidden="true" className="size-4" />}
        />
      </div>
    </div>
  );
}

/** A bulk update just applied, offered back whole (all or nothing) while the server accepts its undo. */
export function BulkUndoBar({
  applied,
  busy,
  onUndo,
  onDismiss,
}: {
  applied: AppliedBulkUpdate | null;
  busy: boolean;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="bulk-undo" className="empty:hidden mb-4">
      {applied ? (
        <UndoCard
          text={t('admin-tickets.undo.bulkText', {
            count: applied.changes.length,
            to: t(STATUS_KEYS[applied.to]),
          })}
          busy={busy}
          onUndo={onUndo}
          onDismiss={onDismiss}
        />
      ) : null}
    </div>
  );
}

export function UndoBar({
  change,
  busy,
  onUndo,
  onDismiss,
}: {
  change: AppliedStatusChange | null;
  busy: boolean;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    // The live region is always in the page, so screen readers announce what appears in it.
    <div role="status" className="empty:hidden mb-4">
      {change ? (
        <UndoCard
          text={t('admin-tickets.undo.text', {
            code: change.code,
            holder: change.holder,
            from: t(STATUS_KEYS[change.from]),
            to: t(STATUS_KEYS[change.to]),
          })}
          busy={busy}
          onUndo={onUndo}
          onDismiss={onDismiss}
        />
      ) : null}
    </div>
  );
}
