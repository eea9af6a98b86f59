import { type Role, roleLabel } from '@utsav/domain/roles';
import { useTranslation } from 'react-i18next';

// Light badges with dark text: each pair is above 7:1 contrast.
const ROLE_COLOURS: Record<Role, string> = {
  admin: 'bg-rose-200 text-rose-950',
  manager: 'bg-violet-200 text-violet-950',
  qrchecker: 'bg-teal-200 text-teal-950',
  guest: 'bg-gold-200 text-maroon-950',
};

/** Catalog keys of the role names (admin area); written out whole for the catalog test. */
export const ROLE_KEYS: Record<Role, string> = {
  admin: 'admin.roles.admin',
  guest: 'admin.roles.guest',
  manager: 'admin.roles.manager',
  qrchecker: 'admin.roles.qrchecker',
};

/**
 * A role's one name (roleLabel) in the reader's language. The admin area's catalog may not be loaded where
 * the badge also shows (the header's account menu), so English is the default there.
 */
export function useRoleLabel(): (role: Role) => string {
  const { t } = useTranslation();
  return (role) => t(ROLE_KEYS[role], { defaultValue: roleLabel(role) });
}

export function RoleBadge({ role, className = '' }: { role: Role; className?: string }) {
  const label = useRoleLabel();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${ROLE_COLOURS[role]} ${className}`}
    >
      {label(role)}
    </span>
  );
}
