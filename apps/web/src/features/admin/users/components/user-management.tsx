import { PAGE_SIZE } from '@utsav/domain/constants';
import { can, type Role, roleLabel } from '@utsav/domain/roles';
import { Info, RotateCw, Search, Trash2, UserCog } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/api-client';
import { Avatar } from '../../../../ui/avatar';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { INPUT_CLASSES } from '../../../../ui/form-field';
import { formatDay, formatInstant } from '../../../../ui/format';
import { Pagination } from '../../../../ui/pagination';
import { RoleBadge } from '../../../../ui/role-badge';
import { SkeletonList } from '../../../../ui/skeleton';
import { toastTarget } from '../../../../ui/toast';
import { useDebouncedValue, useFailureToast } from '../../../../ui/use-failure-toast';
import { ViewHeader } from '../../../../ui/view-header';
import { useDeleteUser } from '../api/delete-user';
import { type AdminUser, type UsersQuery, useUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { RoleDialog } from './role-dialog';

type RoleFilter = NonNullable<UsersQuery['role']>;
const ROLE_FILTERS: { value: RoleFilter; label: string }[] = [
  { value: 'all', label: 'All roles' },
  { value: 'admin', label: roleLabel('admin') },
  { value: 'manager', label: roleLabel('manager') },
  { value: 'qrchecker', label: roleLabel('qrchecker') },
  { value: 'guest', label: roleLabel('guest') },
];

interface RowActions {
  isSelf: boolean;
  showAdminColumns: boolean;
  selected: boolean;
  onToggle: () => void;
  onChangeRole: () => void;
  onDelete: () => void;
}

function UserIdentity({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} src={user.picture} size={36} />
      <div className="min-w-0">
        <p className="truncate font-semibold text-cream">
          {user.name}
          {isSelf ? <span className="ml-1.5 text-xs font-normal text-maroon-200">(you)</span> : null}
        </p>
        <p className="truncate text-sm text-maroon-100">{user.email}</p>
      </div>
    </div>
  );
}

function ChangeRoleButton({ user, actions }: { user: AdminUser; actions: RowActions }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={actions.onChangeRole}
      disabled={actions.isSelf}
      title={actions.isSelf ? 'You cannot change your own role' : undefined}
      aria-label={`Change Role of ${user.name}`}
      icon={<UserCog aria-hidden="true" className="size-4" />}
    >
      Change Role
    </Button>
  );
}

function DeleteButton({ user, actions }: { user: AdminUser; actions: RowActions }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={actions.onDelete}
      // The server refuses deleting yourself; say so here, as Change Role does.
      disabled={actions.isSelf}
      title={actions.isSelf ? 'You cannot delete your own account' : undefined}
      aria-label={`Delete ${user.name}`}
      icon={<Trash2 aria-hidden="true" className="size-4" />}
      className="text-rose-200 hover:text-rose-100"
    >
      Delete
    </Button>
  );
}

function UserRow({ user, actions }: { user: AdminUser; actions: RowActions }) {
  return (
    <tr className="border-t border-gold-400/15 align-middle">
      <td className="px-3 py-3">
        <input
          type="checkbox"
          className="size-4 accent-saffron-400"
          checked={actions.selected}
          onChange={actions.onToggle}
          aria-label={`Select ${user.name}`}
        />
      </td>
      <td className="max-w-72 px-3 py-3">
        <UserIdentity user={user} isSelf={actions.isSelf} />
      </td>
      <td className="px-3 py-3">
        <RoleBadge role={user.role} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-maroon-100">{formatDay(user.createdAt)}</td>
      <td className="px-3 py-3 whitespace-nowrap text-maroon-100">
        {formatInstant(user.lastLogin, 'Never')}
      </td>
      {actions.showAdminColumns ? (
        <>
          <td className="px-3 py-3">
            <ChangeRoleButton user={user} actions={actions} />
          </td>
          <td className="px-3 py-3">
            <DeleteButton user={user} actions={actions} />
          </td>
        </>
      ) : null}
    </tr>
  );
}

function UserCard({ user, actions }: { user: AdminUser; actions: RowActions }) {
  return (
    <li className="card p-4">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-2.5 size-4 shrink-0 accent-saffron-400"
          checked={actions.selected}
          onChange={actions.onToggle}
          aria-label={`Select ${user.name}`}
        />
        <div className="min-w-0 flex-1">
          <UserIdentity user={user} isSelf={actions.isSelf} />
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-maroon-200">Role</dt>
              <dd>
                <RoleBadge role={user.role} />
              </dd>
            </div>
            <div>
              <dt className="text-maroon-200">Joined</dt>
              <dd className="text-cream">{formatDay(user.createdAt)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-maroon-200">Last login</dt>
              <dd className="text-cream">{formatInstant(user.lastLogin, 'Never')}</dd>
            </div>
          </dl>
          {actions.showAdminColumns ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <ChangeRoleButton user={user} actions={actions} />
              <DeleteButton user={user} actions={actions} />
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * User management (admin-side §2): search, role filter, refresh, the user table with pagination. Admins
 * change roles and delete; managers read only, and do not see those columns at all.
 */
export function UserManagement({
  onBack,
  currentUser,
}: {
  onBack: () => void;
  currentUser: { id: string; role: Role } | null;
}) {
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
    query.error ? `Failed to load users: ${errorMessage(query.error)}` : null,
    query.errorUpdatedAt,
  );

  const updateRole = useUpdateUserRole();
  const removeUser = useDeleteUser();

  function saveRole(next: Role) {
    if (!roleTarget) return;
    if (!canChangeRole) {
      toast.error('Only administrators can change user roles', toastTarget());
      return;
    }
    updateRole.mutate(
      { userId: roleTarget.id, role: next },
      {
        onSuccess: () => {
          setRoleTarget(null);
          toast.success('User role updated successfully', toastTarget());
        },
        onError: (error) => toast.error(`Failed to update role: ${errorMessage(error)}`, toastTarget()),
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
        toast.success('User deleted successfully', toastTarget());
      },
      onError: (error) => toast.error(`Failed to delete user: ${errorMessage(error)}`, toastTarget()),
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
        title="User Management"
        description={
          pagination ? `${pagination.totalItems.toLocaleString('en-IN')} users` : 'Everyone who has signed in'
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
            Refresh
          </Button>
        }
      />

      {!canChangeRole ? (
        <p className="mb-5 flex items-start gap-2 rounded-xl border border-violet-300/40 bg-violet-950/40 p-4 text-sm text-violet-100">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          As a manager you can view users, but you cannot change their roles. Ask an admin to change a role.
        </p>
      ) : null}

      <div className="mb-5 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="relative">
          <label htmlFor="user-search" className="sr-only">
            Search users by name or email
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
            placeholder="Search by name or email"
            className={`${INPUT_CLASSES} pl-9`}
          />
        </div>
        <div>
          <label htmlFor="user-role-filter" className="sr-only">
            Filter by role
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
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {selected.size > 0 ? (
        <p className="mb-3 text-sm text-maroon-100" aria-live="polite">
          {selected.size} selected ·{' '}
          <button type="button" className="underline hover:text-cream" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </p>
      ) : null}

      {query.isPending ? (
        <SkeletonList label="Loading users" />
      ) : query.isError && !query.data ? (
        <ErrorPanel
          title="Failed to load users"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : users.length === 0 ? (
        <EmptyState title="No users found">
          {debouncedSearch || role !== 'all' ? 'Try another search or role.' : null}
        </EmptyState>
      ) : (
        <>
          <div className="card hidden overflow-x-auto md:block" aria-busy={query.isFetching || undefined}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Users, page {pagination?.current ?? page}</caption>
              <thead className="text-xs tracking-wide text-maroon-200 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    <input
                      type="checkbox"
                      className="size-4 accent-saffron-400"
                      checked={allOnPageSelected}
                      onChange={togglePage}
                      aria-label="Select all users on this page"
                    />
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    User
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    Role
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    Joined
                  </th>
                  <th scope="col" className="px-3 py-3 whitespace-nowrap">
                    Last login
                  </th>
                  {showAdminColumns ? (
                    <>
                      <th scope="col" className="px-3 py-3 whitespace-nowrap">
                        Change Role
                      </th>
                      <th scope="col" className="px-3 py-3 whitespace-nowrap">
                        Delete
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
          <ul className="grid gap-3 md:hidden" aria-label="Users">
            {users.map((user) => (
              <UserCard key={user.id} user={user} actions={actionsFor(user)} />
            ))}
          </ul>
          <Pagination
            label="Users pages"
            page={pagination?.current ?? page}
            totalPages={pagination?.total ?? 1}
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
          title="Delete user?"
          confirmLabel="Delete"
          cancelLabel="Cancel"
          danger
          busy={removeUser.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleteTarget(null)}
        >
          <p className="text-maroon-50">
            Are you sure you want to delete <strong className="text-cream">{deleteTarget?.name}</strong> (
            {deleteTarget?.email})? Their account and personal details are removed; their tickets and payments
            stay on the books, anonymised.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
