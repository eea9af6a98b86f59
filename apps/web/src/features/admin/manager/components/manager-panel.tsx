import { MANAGER_USER_LIST_LIMIT } from '@utsav/domain/constants';
import { BarChart3, RotateCw, TicketPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { Avatar } from '../../../../ui/avatar';
import { Button } from '../../../../ui/button';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { formatDay } from '../../../../ui/format';
import { RoleBadge } from '../../../../ui/role-badge';
import { useRoleLabel } from '../../../../ui/role-label';
import { SkeletonList } from '../../../../ui/skeleton';
import { useFailureToast } from '../../../../ui/use-failure-toast';
import { useRegisteredUsers } from '../api/get-registered-users';

/**
 * The manager's own section (docs/product.md#manager-view): the latest registered users (up to 50) with refresh, and
 * quick ways to analytics and manual issuance.
 */
export function ManagerPanel({
  onViewAnalytics,
  onIssueTickets,
}: {
  onViewAnalytics: () => void;
  onIssueTickets: () => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleLabel();
  const query = useRegisteredUsers();
  useFailureToast(
    'load-registered-users',
    query.error ? t('admin.manager.loadFailed', { reason: errorMessage(query.error) }) : null,
    query.errorUpdatedAt,
  );
  const users = query.data ?? [];
  return (
    <section aria-labelledby="registered-users-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="registered-users-title" className="font-display text-2xl text-gold-200">
            {t('admin.manager.title')}
          </h2>
          <p className="text-sm text-maroon-100">
            {t('admin.manager.latest', { count: MANAGER_USER_LIST_LIMIT })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={onViewAnalytics}
            icon={<BarChart3 aria-hidden="true" className="size-4" />}
          >
            {t('admin.manager.viewAnalytics')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={onIssueTickets}
            icon={<TicketPlus aria-hidden="true" className="size-4" />}
          >
            {t('admin.manager.issueTickets')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
            icon={<RotateCw aria-hidden="true" className="size-4" />}
          >
            {t('admin.common.refresh')}
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <SkeletonList rows={4} label={t('admin.manager.loading')} />
      ) : query.isError && users.length === 0 ? (
        <ErrorPanel
          title={t('admin.manager.loadFailedTitle')}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : users.length === 0 ? (
        <EmptyState title={t('admin.manager.empty')} />
      ) : (
        <ul className="card divide-y divide-gold-400/15">
          {users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Avatar name={user.name} src={user.profilePicture} size={36} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-cream">{user.name}</p>
                <p className="truncate text-sm text-maroon-100">{user.email}</p>
              </div>
              <RoleBadge role={user.role} label={roleName(user.role)} />
              <p className="w-full text-xs text-maroon-200 sm:w-auto">
                {t('admin.manager.joined', { date: formatDay(user.createdAt) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
