import type { AdminTicketType } from '@utsav/domain/api/ticket-types';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAdminTicketTypes } from '../../../../lib/admin-ticket-types';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { SkeletonList } from '../../../../ui/skeleton';
import { toastTarget } from '../../../../ui/toast';
import { useDeleteTicketType } from '../api/delete-ticket-type';
import { useReorderTicketTypes } from '../api/reorder-ticket-types';
import { useSaveTicketType } from '../api/save-ticket-type';
import { TicketTypeForm } from './ticket-type-form';
import { typeBodyWith } from './ticket-type-values';
import { type TypeAction, TypeCard } from './type-card';

// The Ticket Types editor: the event's price list, each type with its phases and sales, added, edited, paused,
// reordered, archived or deleted. A component of its own so that any page can mount it (the admin's Ticket
// Types view, the first-run setup's "ticket types" step): it needs only whether the viewer may write.

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; id: string };

/** Asked before a change that cannot simply be undone. */
type Pending = { action: 'delete' | 'archive'; type: AdminTicketType } | null;

export function TicketTypesEditor({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const query = useAdminTicketTypes();
  const save = useSaveTicketType();
  const remove = useDeleteTicketType();
  const reorder = useReorderTicketTypes();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [pending, setPending] = useState<Pending>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const types = query.data ?? [];
  const busy = save.isPending || remove.isPending || reorder.isPending;

  // Back on the list, focus returns to where the organiser was: the add button.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (mode.kind === 'list' && wasEditing.current) addRef.current?.focus();
    wasEditing.current = mode.kind !== 'list';
    if (mode.kind !== 'list') document.getElementById('tt-name')?.focus();
  }, [mode]);

  const failed = (error: unknown) =>
    toast.error(t('admin-ticket-types.toast.saveFailed', { reason: errorMessage(error) }), toastTarget());

  function change(type: AdminTicketType, body: Record<string, unknown>, done: string) {
    save.mutate(
      { id: type.id, type: body },
      { onSuccess: () => toast.success(done, toastTarget()), onError: failed },
    );
  }

  function move(type: AdminTicketType, delta: -1 | 1) {
    const ids = types.map((item) => item.id);
    const at = ids.indexOf(type.id);
    const other = ids[at + delta];
    if (at < 0 || other === undefined) return;
    ids[at] = other;
    ids[at + delta] = type.id;
    reorder.mutate(ids, {
      onSuccess: () => toast.success(t('admin-ticket-types.toast.moved', { name: type.name }), toastTarget()),
      onError: failed,
    });
  }

  function act(type: AdminTicketType, action: TypeAction) {
    if (action === 'edit') setMode({ kind: 'edit', id: type.id });
    else if (action === 'pause')
      change(
        type,
        typeBodyWith(type, { paused: true }),
        t('admin-ticket-types.toast.paused', { name: type.name }),
      );
    else if (action === 'resume')
      change(
        type,
        typeBodyWith(type, { paused: false }),
        t('admin-ticket-types.toast.resumed', { name: type.name }),
      );
    else if (action === 'restore')
      change(
        type,
        typeBodyWith(type, { archived: false }),
        t('admin-ticket-types.toast.restored', { name: type.name }),
      );
    else if (action === 'up' || action === 'down') move(type, action === 'up' ? -1 : 1);
    else setPending({ action, type });
  }

  function confirm() {
    if (!pending) return;
    const { action, type } = pending;
    if (action === 'archive') {
      save.mutate(
        { id: type.id, type: typeBodyWith(type, { archived: true }) },
        {
          onSuccess: () =>
            toast.success(t('admin-ticket-types.toast.archived', { name: type.name }), toastTarget()),
          onError: failed,
          onSettled: () => setPending(null),
        },
      );
      return;
    }
    remove.mutate(type.id, {
      onSuccess: () =>
        toast.success(t('admin-ticket-types.toast.deleted', { name: type.name }), toastTarget()),
      onError: (error) => {
        // It sold (or someone holds) tickets since the list was read: archived instead, when the admin agrees.
        if (error instanceof ApiError && error.code === 'TICKET_TYPE_HAS_SALES') {
          setPending({ action: 'archive', type });
          return;
        }
        failed(error);
      },
      onSettled: () => setPending((current) => (current?.action === 'delete' ? null : current)),
    });
  }

  if (mode.kind !== 'list' && canWrite) {
    const editing = mode.kind === 'edit' ? (types.find((type) => type.id === mode.id) ?? null) : null;
    return (
      <TicketTypeForm
        key={mode.kind === 'edit' ? mode.id : 'new'}
        type={editing}
        existing={types}
        onSaved={() => setMode({ kind: 'list' })}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  }

  let list: React.ReactNode;
  if (query.isPending) list = <SkeletonList rows={3} label={t('admin-ticket-types.loading')} />;
  else if (query.isError)
    list = (
      <ErrorPanel
        title={t('admin-ticket-types.loadFailed')}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (types.length === 0)
    list = (
      <EmptyState title={t('admin-ticket-types.empty.title')}>
        {t('admin-ticket-types.empty.text')}
      </EmptyState>
    );
  else
    list = (
      <ul className="grid gap-4" aria-busy={busy || undefined}>
        {types.map((type, index) => (
          <TypeCard
            key={type.id}
            type={type}
            first={index === 0}
            last={index === types.length - 1}
            canWrite={canWrite}
            busy={busy}
            onAction={(action) => act(type, action)}
          />
        ))}
      </ul>
    );

  return (
    <div className="grid gap-5">
      {canWrite ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-maroon-100">{t('admin-ticket-types.intro')}</p>
          <Button
            ref={addRef}
            onClick={() => setMode({ kind: 'create' })}
            disabled={query.isPending || query.isError}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            {t('admin-ticket-types.add')}
          </Button>
        </div>
      ) : null}
      {list}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action === 'archive'
            ? t('admin-ticket-types.confirm.archiveTitle', { name: pending.type.name })
            : t('admin-ticket-types.confirm.deleteTitle', { name: pending?.type.name ?? '' })
        }
        confirmLabel={
          pending?.action === 'archive'
            ? t('admin-ticket-types.action.archive')
            : t('admin-ticket-types.action.delete')
        }
        cancelLabel={t('admin-ticket-types.form.cancel')}
        danger={pending?.action === 'delete'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <p className="text-maroon-50">
          {pending?.action === 'archive'
            ? t('admin-ticket-types.confirm.archiveText')
            : t('admin-ticket-types.confirm.deleteText')}
        </p>
      </ConfirmDialog>
    </div>
  );
}
