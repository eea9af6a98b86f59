import { ROLES, type Role } from '@utsav/domain/roles';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { Dialog } from '../../../../ui/dialog';
import { useRoleLabel } from '../../../../ui/role-label';
import type { AdminUser } from '../api/get-users';

// The order of the role dialog (docs/product.md#users): guest, qrchecker, manager, admin.
const ROLE_ORDER: Role[] = ['guest', 'qrchecker', 'manager', 'admin'];
const ROLE_HELP: Record<Role, string> = {
  guest: 'admin-users.roleHelp.guest',
  qrchecker: 'admin-users.roleHelp.qrchecker',
  manager: 'admin-users.roleHelp.manager',
  admin: 'admin-users.roleHelp.admin',
};

/** 'Update User Role': one of the four roles, saved with PATCH /admin/users/{id}/role. */
export function RoleDialog({
  user,
  onClose,
  onSave,
  saving,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onSave: (role: Role) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const roleName = useRoleLabel();
  const [role, setRole] = useState<Role>(user?.role ?? 'guest');
  const groupId = useId();
  useEffect(() => {
    if (user) setRole(user.role);
  }, [user]);
  return (
    <Dialog
      open={user !== null}
      onClose={saving ? () => undefined : onClose}
      title={t('admin-users.roleDialog.title')}
      description={user ? `${user.name} · ${user.email}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('admin-users.cancel')}
          </Button>
          <Button onClick={() => onSave(role)} loading={saving} disabled={!user || role === user.role}>
            {t('admin-users.roleDialog.save')}
          </Button>
        </>
      }
    >
      <fieldset>
        <legend id={groupId} className="mb-3 text-sm font-semibold text-cream">
          {t('admin-users.columns.role')}
        </legend>
        <div className="grid gap-2">
          {ROLE_ORDER.filter((value) => ROLES.includes(value)).map((value) => (
            <label
              key={value}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${
                role === value
                  ? 'border-saffron-300 bg-saffron-400/10'
                  : 'border-gold-400/25 bg-maroon-950/50'
              }`}
            >
              <input
                type="radio"
                name="role"
                value={value}
                checked={role === value}
                onChange={() => setRole(value)}
                className="mt-1 size-4 accent-saffron-400"
              />
              <span>
                <span className="block font-semibold text-cream">{roleName(value)}</span>
                <span className="block text-sm text-maroon-100">{t(ROLE_HELP[value])}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Dialog>
  );
}
