import type { AdminPromoCode } from '@utsav/domain/api/promo-codes';
import { Download, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { SkeletonList } from '../../../../ui/skeleton';
import { toastTarget } from '../../../../ui/toast';
import { ViewHeader } from '../../../../ui/view-header';
import { useDeletePromoCode } from '../api/delete-promo-code';
import { useExportPromoCodes } from '../api/export-promo-codes';
import { usePromoCodes } from '../api/get-promo-codes';
import { useSavePromoCode } from '../api/save-promo-code';
import { type CodeAction, PromoCodeCard } from './promo-code-card';
import { type CodeTicketType, PromoCodeForm } from './promo-code-form';
import { codeBody, codeValues } from './promo-code-values';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; id: string };

/**
 * The Promo Codes panel: the event's discount and access codes with each one's use (tickets, orders, discount
 * given, revenue) and its CSV; an admin adds, edits, switches off and deletes (a used code is only switched
 * off); a manager reads and exports. The ticket types a code may name come from the page.
 */
export function PromoCodesPanel({
  onBack,
  canWrite,
  canExport,
  ticketTypes,
}: {
  onBack: () => void;
  canWrite: boolean;
  canExport: boolean;
  ticketTypes: readonly CodeTicketType[];
}) {
  const { t } = useTranslation();
  const query = usePromoCodes();
  const save = useSavePromoCode();
  const remove = useDeletePromoCode();
  const exportCsv = useExportPromoCodes();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [deleting, setDeleting] = useState<AdminPromoCode | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const codes = query.data ?? [];
  const typeNames = new Map(ticketTypes.map((type) => [type.id, type.name]));
  const busy = save.isPending || remove.isPending;

  const wasEditing = useRef(false);
  useEffect(() => {
    if (mode.kind === 'list' && wasEditing.current) addRef.current?.focus();
    wasEditing.current = mode.kind !== 'list';
    if (mode.kind !== 'list') document.getElementById('pc-code')?.focus();
  }, [mode]);

  const failed = (error: unknown) =>
    toast.error(t('admin-promo-codes.toast.saveFailed', { reason: errorMessage(error) }), toastTarget());

  function act(code: AdminPromoCode, action: CodeAction) {
    if (action === 'edit') setMode({ kind: 'edit', id: code.id });
    else if (action === 'delete') setDeleting(code);
    else
      save.mutate(
        { id: code.id, code: codeBody({ ...codeValues(code), active: action === 'on' }) },
        {
          onSuccess: () =>
            toast.success(
              action === 'on'
                ? t('admin-promo-codes.toast.on', { code: code.code })
                : t('admin-promo-codes.toast.off', { code: code.code }),
              toastTarget(),
            ),
          onError: failed,
        },
      );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () =>
        toast.success(t('admin-promo-codes.toast.deleted', { code: deleting.code }), toastTarget()),
      onError: failed,
      onSettled: () => setDeleting(null),
    });
  }

  function download() {
    exportCsv.mutate(undefined, {
      onError: (error) =>
        toast.error(
          t('admin-promo-codes.toast.exportFailed', { reason: errorMessage(error) }),
          toastTarget(),
        ),
    });
  }

  const editing = mode.kind === 'edit' ? (codes.find((code) => code.id === mode.id) ?? null) : null;
  let body: React.ReactNode;
  if (mode.kind !== 'list' && canWrite)
    body = (
      <PromoCodeForm
        key={editing?.id ?? 'new'}
        code={editing}
        types={ticketTypes}
        onSaved={() => setMode({ kind: 'list' })}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  else if (query.isPending) body = <SkeletonList rows={3} label={t('admin-promo-codes.loading')} />;
  else if (query.isError)
    body = (
      <ErrorPanel
        title={t('admin-promo-codes.loadFailed')}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (codes.length === 0)
    body = (
      <EmptyState title={t('admin-promo-codes.empty.title')}>{t('admin-promo-codes.empty.text')}</EmptyState>
    );
  else
    body = (
      <ul className="grid gap-4" aria-busy={busy || undefined}>
        {codes.map((code) => (
          <PromoCodeCard
            key={code.id}
            code={code}
            typeNames={typeNames}
            canWrite={canWrite}
            busy={busy}
            onAction={(action) => act(code, action)}
          />
        ))}
      </ul>
    );

  return (
    <div>
      <ViewHeader
        title={t('admin-promo-codes.title')}
        description={t('admin-promo-codes.description')}
        onBack={onBack}
        actions={
          mode.kind === 'list' ? (
            <>
              {canExport ? (
                <Button
                  variant="secondary"
                  onClick={download}
                  loading={exportCsv.isPending}
                  icon={<Download aria-hidden="true" className="size-4" />}
                >
                  {t('admin-promo-codes.export')}
                </Button>
              ) : null}
              {canWrite ? (
                <Button
                  ref={addRef}
                  onClick={() => setMode({ kind: 'create' })}
                  icon={<Plus aria-hidden="true" className="size-4" />}
                >
                  {t('admin-promo-codes.add')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin-promo-codes.confirm.deleteTitle', { code: deleting?.code ?? '' })}
        confirmLabel={t('admin-promo-codes.action.delete')}
        cancelLabel={t('admin-promo-codes.form.cancel')}
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p className="text-maroon-50">{t('admin-promo-codes.confirm.deleteText')}</p>
      </ConfirmDialog>
    </div>
  );
}
