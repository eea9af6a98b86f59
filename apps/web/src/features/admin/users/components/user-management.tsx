import { PAGE_SIZE } from '@utsav/domain/constants';
import { can, type Role } from '@utsav/domain/roles';
import { Info, RotateCw, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { INPUT_CLASSES } from '../../../../ui/form-field';
import { formatCount } from '../../../../ui/format';
import { Pagination } from '../../../../ui/pagination';
import { ROLE_KEYS } from '../../../../ui/role-label';
import { SkeletonList } from '../../../../ui/skeleton';
import { toastTarget } from '../../../../ui/toast';
import { useDebouncedValue, useFailureToast } from '../../../../ui/use-failure-toast';
import { ViewHeader } from '../../../../ui/view-header';
import { useDeleteUser } from '../api/delete-user';
import { type AdminUser, type UsersQuery, useUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { RoleDialog } from './role-dialog';
import { type RowActions, UserCard, UserRow } from './user-rows';

type RoleFilter = NonNullable<UsersQuery['role']>;
/** The filter's choices and their catalog keys. */
const ROLE_FILTERS: { value: RoleFilter; key: string }[] = [
  { value: 'all', key: 'admin-users.allRoles' },
  { value: 'admin', key: ROLE_KEYS.admin },
  { value: 'manager', key: ROLE_KEYS.manager },
  { value: 'qrchecker', key: ROLE_KEYS.qrchecker },
  { value: 'guest', key: ROLE_KEYS.guest },
];

/**
 * User management (docs/product.md#users): search, role filter, refresh, the user table with pagination. Admins
 * change roles and delete; managers read only, and do not see those columns at all.
 */
export function UserManagement({
  onBack,
  currentUser,
}: {
  onBack: () => void;
  currentUser: { id: string; role: Role } | null;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [roleTarget, setRoleTarget] = useState<AdminUser | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<AdminUser | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());

  const canChangeRole = can(currentUser, 'users:change-role');
  const canDelete = can(currentUser, 'users:delete');
  const showAdminColumns = canChangeRole || canDelete;

  const query = useUsers({ role, search: debouncedSearch, page, limit: PAGE_SIZE });
  const users = query.data?.users ?? [];
  const pagination = query.data?.pagination;
  useFailureToast(
    'load-users',
    query.error ? t('admin-users.toast.loadFailed', { reason: errorMessage(query.error) }) : null,
    query.errorUpdatedAt,
  );

  const updateRole = useUpdateUserRole();
  const removeUser = useDeleteUser();

  function saveRole(next: Role) {
    if (!roleTarget) return;
    if (!canChangeRole) {
      toast.error(t('admin-users.toast.onlyAdmins'), toastTarget());
      return;
    }
    updateRole.mutate(
      { userId: roleTarget.id, role: next },
      {
        onSuccess: () => {
          setRoleTarget(null);
          toast.success(t('admin-users.toast.roleUpdated'), toastTarget());
        },
        onError: (error) =>
          toast.error(t('admin-users.toast.roleFailed', { reason: errorMessage(error) }), toastTarget()),
      },
    );
  }

  function confirmDelete() {
    if (!deleteTarget) return;
    const target = deleteTarget;
    removeUser.mutate(target.id, {
      onSuccess: () => {
        setDeleteTarget(null);
        setSelected((current) => {
          const next = new Set(current);
          next.delete(target.id);
          return next;
        });
        toast.success(t('admin-users.toast.deleted'), toastTarget());
      },
      onError: (error) =>
        toast.error(t('admin-users.toast.deleteFailed', { reason: errorMessage(error) }), toastTarget()),
    });
  }

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOnPageSelected = users.length > 0 && users.every((user) => selected.has(user.id));
  const togglePage = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const user of users) {
        if (allOnPageSelected) next.delete(user.id);
        else next.add(user.id);
      }
      return next;
    });

  const actionsFor = (user: AdminUser): RowActions => ({
    isSelf: currentUser?.id === user.id,
    showAdminColumns,
    selected: selected.has(user.id),
    onToggle: () => toggle(user.id),
    onChangeRole: () => setRoleTarget(user),
    onDelete: () => setDeleteTarget(user),
  });

  return (
    <div id="user-management-top" className="scroll-mt-24">
      <ViewHeader
        title={t('admin-users.title')}
        description={
          pagination
            ? t('admin-users.count', {
                count: pagination.totalUsers,
                formatted: formatCount(pagination.totalUsers),
              })
            : t('admin-users.description')
        }
        onBack={onBack}
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
            icon={<RotateCw aria-hidden="true" className="size-4" />}
          >
            {t('admin.common.refresh')}
          </Button>
        }
      />

      {!canChangeRole ? (
        <p className="mb-5 flex items-start gap-2 rounded-xl border border-violet-300/40 bg-violet-950/40 p-4 text-sm text-violet-100">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('admin-users.managerNotice')}
        </p>
      ) : null}

      <div className="mb-5 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="relative">
          <label htmlFor="user-search" className="sr-only">
            {t('admin-users.searchLabel')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-maroon-300"
          />
          <input
            id="user-search"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            placeholder={t('admin-users.searchPlaceholder')}
            className={`${INPUT_CLASSES} pl-9`}
          />
        </div>
        <div>
          <label htmlFor="user-role-filter" className="sr-only">
            {t('admin-users.filterLabel')}
          </label>
          <select
            id="user-role-filter"
            value={role}
            onChange={(event) => {
              setRole(event.target.value as RoleFilter);
              setPage(1);
            }}
            className={INPUT_CLASSES}
          >
            {ROLE_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.key)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {selected.size > 0 ? (
        <p className="mb-3 text-sm text-maroon-100" aria-live="polite">
          {t('admin-users.selected', { count: selected.size })} ·{' '}
          <button type="button" className="underline hover:text-cream" onClick={() => setSelected(new Set())}>
            {t('admin-users.clearSelection')}
          </button>
        </p>
      ) : null}

      {query.isPending ? (
        <SkeletonList label={t('admin-users.loading')} />
      ) : query.isError && !query.data ? (
        <ErrorPanel
          title={t('admin-users.loadFailedTitle')}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : users.length === 0 ? (
        <EmptyState title={t('admin-users.empty')}>
          {debouncedSearch || role !== 'all' ? t('admin-users.emptyFiltered') : null}
        </EmptyState>
      ) : (
        <>
          <div className="card hidden overflow-x-auto md:block" aria-busy={query.isFetching || undefined}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {t('admin-users.caption', { page: pagination?.current ?? page })}
              </caption>
              <thead className="text-xs tracking-wide text-maroon-200 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    <input
                      type="checkbox"
                      className="size-4 accent-saffron-400"
                      checked={allOnPageSelected}
                      onChange={togglePage}
                      aria-label={t('admin-users.selectPage')}
                    />
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    {t('admin-users.columns.user')}
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    {t('admin-users.columns.role')}
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    {t('admin-users.columns.joined')}
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    {t('admin-users.columns.lastLogin')}
                  </th>
                  {showAdminColumns ? (
                    <>
                      <th scope="col" className="px-3 py-3 whitespace-nowrap">
                        {t('admin-users.changeRole')}
                      </th>
                      <th scope="col" className="px-3 py-3 whitespace-nowrap">
                        {t('admin-users.delete')}
                      </th>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <UserRow key={user.id} user={user} actions={actionsFor(user)} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label={t('admin-users.listLabel')}>
            {users.map((user) => (
              <UserCard key={user.id} user={user} actions={actionsFor(user)} />
            ))}
          </ul>
          <Pagination
            label={t('admin-users.pagesLabel')}
            page={pagination?.current ?? page}
            totalPages={Math.max(1, pagination?.total ?? 1)}
            onChange={(next) => {
              setPage(next);
              // A new page starts at the top of the list, not where the pager was.
              document.getElementById('user-management-top')?.scrollIntoView({ block: 'start' });
            }}
          />
        </>
      )}

      {canChangeRole ? (
        <RoleDialog
          user={roleTarget}
          onClose={() => setRoleTarget(null)}
          onSave={saveRole}
          saving={updateRole.isPending}
        />
      ) : null}
      {canDelete ? (
        <ConfirmDialog
          open={deleteTarget !== null}
          title={t('admin-users.deleteDialog.title')}
          confirmLabel={t('admin-users.delete')}
          cancelLabel={t('admin-users.cancel')}
          danger
          busy={removeUser.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleteTarget(null)}
        >
          <p className="text-maroon-50">
            {t('admin-users.deleteDialog.text', {
              name: deleteTarget?.name ?? '',
              email: deleteTarget?.email ?? '',
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
