import type { Role } from '@utsav/domain/roles';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import { lockFor } from '../../platform/db/locks';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import {
  countAdmins,
  countUsers,
  findUserById,
  listUsers,
  type UserFilter,
  updateUser,
} from '../../stores/users';

/** Every change of who is an admin takes this lock, so "at least one admin remains" holds under concurrency. */
export const ADMIN_ROLES_LOCK = 'users:admin-roles';

export interface UserPage {
  users: UserRow[];
  pagination: { current: number; total: number; count: number; totalUsers: number };
}

export async function listUserPage(
  ctx: AppContext,
  filter: UserFilter,
  page: number,
  limit: number,
): Promise<UserPage> {
  const totalUsers = await countUsers(ctx.db, filter);
  const users = await listUsers(ctx.db, filter, { limit, offset: (page - 1) * limit });
  return {
    users,
    pagination: { current: page, total: Math.ceil(totalUsers / limit), count: users.length, totalUsers },
  };
}

export function countAllUsers(ctx: AppContext): Promise<number> {
  return countUsers(ctx.db);
}

export async function changeRole(
  ctx: AppContext,
  caller: UserRow,
  targetId: string,
  role: Role,
): Promise<UserRow> {
  if (caller.id === targetId) throw new AppError('BAD_REQUEST', 'You cannot change your own role');
  const now = ctx.now();
  return transaction(ctx.db, async (trx) => {
    await lockFor(trx, ADMIN_ROLES_LOCK);
    const target = await findUserById(trx, targetId);
    if (!target) throw new AppError('USER_NOT_FOUND', 'User not found');
    if (target.role === 'admin' && role !== 'admin' && (await countAdmins(trx)) <= 1) {
      throw new AppError(
        'LAST_ADMIN',
        'The last administrator cannot be demoted. Make someone else an admin first.',
      );
    }
    // The caller's row was read before the lock; two admins demoting each other at once must not both win.
    const current = await findUserById(trx, caller.id);
    if (current?.role !== 'admin')
      throw new AppError('FORBIDDEN', 'Only administrators can change user roles');
    if (target.role === role) return target;
    const updated = await updateUser(trx, target.id, { role, updated_at: now.toISOString() });
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'user.role_changed',
        entity: 'user',
        entityId: target.id,
        data: { from: target.role, to: role },
      },
      now,
    );
    return updated!;
  });
}
