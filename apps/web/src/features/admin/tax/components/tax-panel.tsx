import { can, type Role } from '@utsav/domain/roles';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { Skeleton } from '../../../../ui/skeleton';
import { ViewHeader } from '../../../../ui/view-header';
import { useTaxSettings } from '../api/tax-settings';
import { GstExport } from './gst-export';
import { TaxSettingsForm } from './tax-settings-form';

function TaxSettingsEditor() {
  const { t } = useTranslation();
  const query = useTaxSettings();
  if (query.isPending)
    return (
      <div role="status" aria-busy="true" className="card grid gap-4 p-6">
        <span className="sr-only">{t('admin-tax.loading')}</span>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <ErrorPanel
        title={t('admin-tax.loadFailed')}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <div className="grid grid-cols-1 gap-6">
      {query.data.updatedAt === null ? (
        <p className="card p-4 text-sm text-maroon-100">{t('admin-tax.notSet')}</p>
      ) : null}
      <TaxSettingsForm settings={query.data.settings} />
    </div>
  );
}

/** The admin panel "Tax and invoices": the organiser's GST settings and the month's export for the accountant. */
export function TaxPanel({ onBack, role }: { onBack: () => void; role: Role }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-6">
      <ViewHeader title={t('admin-tax.title')} description={t('admin-tax.description')} onBack={onBack} />
      {can({ role }, 'tax:write') ? (
        <>
          <TaxSettingsEditor />
          <GstExport />
        </>
      ) : (
        <EmptyState title={t('admin-tax.title')}>{t('admin-tax.onlyAdmin')}</EmptyState>
      )}
    </div>
  );
}
