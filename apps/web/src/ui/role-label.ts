import { type Role, roleLabel } from '@utsav/domain/roles';
import { useTranslation } from 'react-i18next';

// A role's one name (roleLabel: "QR Checker" on every screen) in the reader's language. The names live in
// the first-screen area `shell`: the header's account menu shows the badge before any admin chunk loads.

/** Catalog keys of the role names, written out whole for the catalog test. */
export const ROLE_KEYS: Record<Role, string> = {
  admin: 'shell.roles.admin',
  guest: 'shell.roles.guest',
  manager: 'shell.roles.manager',
  qrchecker: 'shell.roles.qrchecker',
};

export function useRoleLabel(): (role: Role) => string {
  const { t } = useTranslation();
  return (role) => t(ROLE_KEYS[role], { defaultValue: roleLabel(role) });
}
