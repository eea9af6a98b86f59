import { type Role, roleLabel } from '@utsav/domain/roles';
import { useTranslation } from 'react-i18next';

// A role's one name (roleLabel: "QR Checker" on every screen) in the reader's language, for the admin
// panels. Kept out of role-badge.tsx: the badge is on the first screen (the account menu), whose chunk
// must not need the admin catalog.

/** Catalog keys of the role names, written out whole for the catalog test. */
export const ROLE_KEYS: Record<Role, string> = {
  admin: 'admin.roles.admin',
  guest: 'admin.roles.guest',
  manager: 'admin.roles.manager',
  qrchecker: 'admin.roles.qrchecker',
};

export function useRoleLabel(): (role: Role) => string {
  const { t } = useTranslation();
  return (role) => t(ROLE_KEYS[role], { defaultValue: roleLabel(role) });
}
