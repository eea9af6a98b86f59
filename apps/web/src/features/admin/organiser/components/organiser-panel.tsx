import { can, type Role } from '@utsav/domain/roles';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { Skeleton } from '../../../../ui/skeleton';
import { ViewHeader } from '../../../../ui/view-header';
import { useOrganiserProfile } from '../api/organiser';
import { OrganiserForm } from './organiser-form';

/** Who runs the night, as the profile loads: a skeleton, the form, or what went wrong. */
export function OrganiserProfileEditor({
  onSaved,
  submitLabel,
}: {
  onSaved?: () => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const query = useOrganiserProfile();
  if (query.isPending)
    return (
      <div role="status" className="card grid gap-4 p-6">
        <span className="sr-only">{t('admin-organiser.loading')}</span>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <ErrorPanel
        title={t('admin-organiser.loadFailed')}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return <OrganiserForm organiser={query.data ?? null} onSaved={onSaved} submitLabel={submitLabel} />;
}

/** The admin panel 'Organiser' (docs/product.md#organiser): admins edit it; a manager is told who may. */
export function OrganiserPanel({ onBack, role }: { onBack: () => void; role: Role }) {
  const { t } = useTranslation();
  return (
    <div>
      <ViewHeader
        title={t('admin-organiser.title')}
        description={t('admin-organiser.description')}
        onBack={onBack}
      />
      {can({ role }, 'organiser:write') ? (
        <OrganiserProfileEditor />
      ) : (
        <EmptyState title={t('admin-organiser.title')}>{t('admin-organiser.onlyAdmin')}</EmptyState>
      )}
    </div>
  );
}
