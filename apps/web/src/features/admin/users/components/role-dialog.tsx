import { ROLES, type Role, roleLabel } from '@utsav/domain/roles';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../../ui/button';
import { Dialog } from '../../../../ui/dialog';
import type { AdminUser } from '../api/get-users';

// The order of admin-side §2: guest, qrchecker, manager, admin.
const ROLE_ORDER: Role[] = ['guest', 'qrchecker', 'manager', 'admin'];
const ROLE_HELP: Record<Role, string> = {
  guest: 'Buys and holds tickets.',
  qrchecker: 'Scans tickets at the gate.',
  manager: 'Views users, tickets, analytics and refunds; issues manual tickets.',
  admin: 'Everything, including roles, deletions and the event itself.',
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
  const [role, setRole] = useState<Role>(user?.role ?? 'guest');
  const groupId = useId();
  useEffect(() => {
    if (user) setRole(user.role);
  }, [user]);
  return (
    <Dialog
      open={user !== null}
      onClose={saving ? () => undefined : onClose}
      title="Update User Role"
      description={user ? `${user.name} · ${user.email}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => onSave(role)} loading={saving} disabled={!user || role === user.role}>
            Update Role
          </Button>
        </>
      }
    >
      <fieldset>
        <legend id={groupId} className="mb-3 text-sm font-semibold text-cream">
          Role
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
                <span className="block font-semibold text-cream">{roleLabel(value)}</span>
                <span className="block text-sm text-maroon-100">{ROLE_HELP[value]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Dialog>
  );
}
