import type { Role } from '@utsav/domain/roles';
import { useRoleLabel } from './role-label';

// Light badges with dark text: each pair is above 7:1 contrast.
const ROLE_COLOURS: Record<Role, string> = {
  admin: 'bg-rose-200 text-rose-950',
  manager: 'bg-violet-200 text-violet-950',
  qrchecker: 'bg-teal-200 text-teal-950',
  guest: 'bg-gold-200 text-maroon-950',
};

/** The role's name in the reader's language (ui/role-label.ts) unless the screen passes its own `label`. */
export function RoleBadge({
  role,
  label,
  className = '',
}: {
  role: Role;
  label?: string;
  className?: string;
}) {
  const roleName = useRoleLabel();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${ROLE_COLOURS[role]} ${className}`}
    >
      {label ?? roleName(role)}
    </span>
  );
}
