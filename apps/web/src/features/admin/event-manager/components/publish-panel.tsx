import { EyeOff, Rocket } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { usePublishEvent } from '../api/publish-event';

/**
 * A draft's state and its one way out (docs/product.md#first-run): guests are told tickets are not on sale
 * yet; an admin publishes it, once (there is no unpublish, so a confirmation says so first).
 */
export function PublishPanel({ canPublish, onPublished }: { canPublish: boolean; onPublished?: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishEvent();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function confirm() {
    publish.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setFailure(null);
        toast.success(t('admin-event.publish.done'));
        onPublished?.();
      },
      onError: (error) => {
        setConfirming(false);
        setFailure(errorMessage(error));
      },
    });
  }

  return (
    <section
      aria-labelledby="draft-title"
      className="card flex flex-wrap items-center gap-4 border-saffron-300/60 p-5"
    >
      <EyeOff aria-hidden="true" className="size-8 shrink-0 text-saffron-300" />
      <div className="min-w-[min(14rem,100%)] flex-1">
        <h2 id="draft-title" className="font-sans text-lg font-semibold text-cream">
          {t('admin-event.publish.draftTitle')}
        </h2>
        <p className="text-maroon-100">{t('admin-event.publish.draftText')}</p>
        {failure ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-rose-200">
            {failure}
          </p>
        ) : null}
      </div>
      {canPublish ? (
        <Button
          onClick={() => setConfirming(true)}
          icon={<Rocket aria-hidden="true" className="size-4" />}
          className="w-full sm:w-auto"
        >
          {t('admin-event.publish.button')}
        </Button>
      ) : (
        <p className="text-sm text-maroon-200">{t('admin-event.publish.onlyAdmin')}</p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('admin-event.publish.confirmTitle')}
        confirmLabel={t('admin-event.publish.confirmYes')}
        cancelLabel={t('admin-event.confirm.no')}
        busy={publish.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p className="text-maroon-50">{t('admin-event.publish.confirmText')}</p>
      </ConfirmDialog>
    </section>
  );
}
