import { Trash2, UserCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../../ui/avatar';
import { Button } from '../../../../ui/button';
import { formatDay, formatInstant } from '../../../../ui/format';
import { RoleBadge } from '../../../../ui/role-badge';
import { useRoleLabel } from '../../../../ui/role-label';
import type { AdminUser } from '../api/get-users';

// One user as a table row (desktop) or a card (phone), with Change Role and Delete for admins.

export interface RowActions {
  isSelf: boolean;
  showAdminColumns: boolean;
  selected: boolean;
  onToggle: () => void;
  onChangeRole: () => void;
  onDelete: () => void;
}

function UserIdentity({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} src={user.profilePicture} size={36} />
      <div className="min-w-0">
        <p className="truncate font-semibold text-cream">
          {user.name}
          {isSelf ? (
            <span className="ml-1.5 text-xs font-normal text-maroon-200">{t('admin-users.you')}</span>
          ) : null}
        </p>
        <p className="truncate text-sm text-maroon-100">{user.email}</p>
      </div>
    </div>
  );
}

function ChangeRoleButton({ user, actions }: { user: AdminUser; actions: RowActions }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={actions.onChangeRole}
      disabled={actions.isSelf}
      title={actions.isSelf ? t('admin-users.cannotChangeOwnRole') : undefined}
      aria-label={t('admin-users.changeRoleOf', { name: user.name })}
      icon={<UserCog aria-hidden="true" className="size-4" />}
    >
      {t('admin-users.changeRole')}
    </Button>
  );
}

function DeleteButton({ user, actions }: { user: AdminUser; actions: RowActions }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={actions.onDelete}
      // The server refuses deleting yourself; say so here, as Change Role does.
      disabled={actions.isSelf}
      title={actions.isSelf ? t('admin-users.cannotDeleteSelf') : undefined}
      aria-label={t('admin-users.deleteOf', { name: user.name })}
      icon={<Trash2 aria-hidden="true" className="size-4" />}
      className="text-rose-200 hover:text-rose-100"
    >
      {t('admin-users.delete')}
    </Button>
  );
}

export function UserRow({ user, actions }: { user: AdminUser; actions: RowActions }) {
  const { t } = useTranslation();
  const roleName = useRoleLabel();
  return (
    <tr className="border-t border-gold-400/15 align-middle">
      <td className="px-3 py-3">
        <input
          type="checkbox"
          className="size-4 accent-saffron-400"
          checked={actions.selected}
          onChange={actions.onToggle}
          aria-label={t('admin-users.select', { name: user.name })}
        />
      </td>
      <td className="max-w-72 px-3 py-3">
        <UserIdentity user={user} isSelf={actions.isSelf} />
      </td>
      <td className="px-3 py-3">
        <RoleBadge role={user.role} label={roleName(user.role)} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-maroon-100">{formatDay(user.createdAt)}</td>
      <td className="px-3 py-3 whitespace-nowrap text-maroon-100">
        {formatInstant(user.lastLogin, t('admin-users.never'))}
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

export function UserCard({ user, actions }: { user: AdminUser; actions: RowActions }) {
  const { t } = useTranslation();
  const roleName = useRoleLabel();
  return (
    <li className="card p-4">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-2.5 size-4 shrink-0 accent-saffron-400"
          checked={actions.selected}
          onChange={actions.onToggle}
          aria-label={t('admin-users.select', { name: user.name })}
        />
        <div className="min-w-0 flex-1">
          <UserIdentity user={user} isSelf={actions.isSelf} />
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-maroon-200">{t('admin-users.columns.role')}</dt>
              <dd>
                <RoleBadge role={user.role} label={roleName(user.role)} />
              </dd>
            </div>
            <div>
              <dt className="text-maroon-200">{t('admin-users.columns.joined')}</dt>
              <dd className="text-cream">{formatDay(user.createdAt)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-maroon-200">{t('admin-users.columns.lastLogin')}</dt>
              <dd className="text-cream">{formatInstant(user.lastLogin, t('admin-users.never'))}</dd>
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
