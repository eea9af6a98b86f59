import { EVENT_SAVE_RELOAD_MS } from '@utsav/domain/constants';
import type { EventInput } from '@utsav/domain/event-schema';
import { can, type Role } from '@utsav/domain/roles';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { EmptyState } from '../../../../ui/error-panel';
import { Skeleton } from '../../../../ui/skeleton';
import { toastTarget } from '../../../../ui/toast';
import { ViewHeader } from '../../../../ui/view-header';
import { type AdminEvent, useAdminEvent } from '../api/get-admin-event';
import { useSaveEvent } from '../api/save-event';
import { ChangeOfPlans } from './change-of-plans';
import { EventForm } from './event-form';
import { type EventFormValues, type FieldErrorMap, initialValues, mapFieldErrors } from './event-form-values';
import { EventPreview } from './event-preview';
import { PublishPanel } from './publish-panel';

type Mode = 'loading' | 'create' | 'preview' | 'edit';

function LoadingPreview() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="card grid gap-4 p-6">
      <span className="sr-only">{t('admin-event.loading')}</span>
      <Skeleton className="aspect-[16/7] w-full" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
    </div>
  );
}

/**
 * The event manager (docs/product.md#event-manager): loading, then a preview when the event exists or the create form
 * when it does not (or could not be loaded); preview → edit, and Cancel returns to the preview. Only admins
 * may write (can(user, 'event:write')); a manager sees the preview without the edit button.
 */
export function EventManager({
  onBack,
  currentUser,
  createAsDraft = false,
  onCreated,
}: {
  /** Absent inside the first run, whose page has its own heading and no dashboard to go back to. */
  onBack?: () => void;
  currentUser: { role: Role } | null;
  /** The first run: the event is created unpublished, and the page goes on instead of reloading. */
  createAsDraft?: boolean;
  onCreated?: () => void;
}) {
  const { t } = useTranslation();
  const canWrite = can(currentUser, 'event:write');
  const query = useAdminEvent();
  const save = useSaveEvent();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<EventFormValues>(() => initialValues(null));
  const [serverErrors, setServerErrors] = useState<FieldErrorMap>({});
  const [pending, setPending] = useState<EventInput | null>(null);
  const [saved, setSaved] = useState(false);
  const loadFailureShown = useRef(false);

  const event: AdminEvent | null = query.data ?? null;
  const mode: Mode = query.isPending ? 'loading' : event === null ? 'create' : editing ? 'edit' : 'preview';

  useEffect(() => {
    if (query.isError && !loadFailureShown.current) {
      loadFailureShown.current = true;
      toast.error(t('admin-event.toast.loadFailed', { reason: errorMessage(query.error) }));
    }
  }, [query.isError, query.error, t]);

  // The form starts from the stored event (or the defaults) whenever the mode switches into it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on entering a mode, not on every refetch.
  useEffect(() => {
    if (mode === 'create' || mode === 'edit') {
      setValues(initialValues(mode === 'edit' ? event : null));
      setServerErrors({});
    }
  }, [mode]);

  const creating = mode === 'create';

  function confirmSave() {
    if (!pending) return;
    save.mutate(
      { mode: creating ? 'create' : 'edit', event: pending, draft: createAsDraft },
      {
        onSuccess: () => {
          setPending(null);
          toast.success(creating ? t('admin-event.toast.created') : t('admin-event.toast.updated'));
          if (creating && onCreated) {
            onCreated();
            return;
          }
          setSaved(true);
          setTimeout(() => window.location.reload(), EVENT_SAVE_RELOAD_MS);
        },
        onError: (error) => {
          setPending(null);
          const details = error instanceof ApiError ? error.details : undefined;
          const mapped = details ? mapFieldErrors(details) : {};
          if (Object.keys(mapped).length > 0) {
            setServerErrors(mapped);
            toast.error(t('admin-event.validation.fixErrorsShort'), toastTarget());
          } else {
            const reason = errorMessage(error);
            toast.error(
              creating
                ? t('admin-event.toast.createFailed', { reason })
                : t('admin-event.toast.updateFailed', { reason }),
              toastTarget(),
            );
          }
        },
      },
    );
  }

  const title =
    mode === 'create'
      ? t('admin-event.createTitle')
      : mode === 'edit'
        ? t('admin-event.editTitle')
        : t('admin-event.title');
  return (
    <div>
      {onBack ? (
        <ViewHeader
          title={title}
          description={
            mode === 'preview'
              ? t('admin-event.previewDescription')
              : mode === 'create'
                ? t('admin-event.createDescription')
                : mode === 'edit'
                  ? t('admin-event.editDescription')
                  : undefined
          }
          onBack={onBack}
          actions={
            mode === 'preview' && canWrite ? (
              <Button
                onClick={() => setEditing(true)}
                icon={<Pencil aria-hidden="true" className="size-4" />}
              >
                {t('admin-event.editButton')}
              </Button>
            ) : null
          }
        />
      ) : null}

      {mode === 'loading' ? <LoadingPreview /> : null}

      {mode === 'preview' && event ? (
        <div className="grid gap-6">
          {event.published ? null : <PublishPanel canPublish={canWrite} />}
          <EventPreview event={event} />
          <ChangeOfPlans event={event} canWrite={canWrite} />
          <div className="flex flex-wrap justify-end gap-3">
            {onBack ? (
              <Button variant="secondary" onClick={onBack}>
                {t('admin.common.backToDashboard')}
              </Button>
            ) : null}
            {canWrite ? (
              <Button
                onClick={() => setEditing(true)}
                icon={<Pencil aria-hidden="true" className="size-4" />}
              >
                {t('admin-event.editButton')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}

      {(mode === 'create' || mode === 'edit') && !canWrite ? (
        <EmptyState title={t('admin-event.noEvent')}>{t('admin-event.onlyAdmin')}</EmptyState>
      ) : null}

      {(mode === 'create' || mode === 'edit') && canWrite ? (
        <EventForm
          key={mode}
          mode={mode}
          values={values}
          onValuesChange={setValues}
          serverErrors={serverErrors}
          onServerErrorsChange={setServerErrors}
          onSubmit={setPending}
          onCancel={mode === 'edit' ? () => setEditing(false) : null}
          saving={save.isPending || saved}
        />
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        title={creating ? t('admin-event.confirm.createTitle') : t('admin-event.confirm.updateTitle')}
        confirmLabel={t('admin-event.confirm.yes')}
        cancelLabel={t('admin-event.confirm.no')}
        busy={save.isPending}
        onConfirm={confirmSave}
        onCancel={() => setPending(null)}
      >
        <p className="text-maroon-50">
          {creating ? t('admin-event.confirm.createText') : t('admin-event.confirm.updateText')}
        </p>
      </ConfirmDialog>
    </div>
  );
}
