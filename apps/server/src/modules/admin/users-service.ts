import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import { lockFor } from '../../platform/db/locks';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { releaseHoldsOfUser } from '../../stores/orders';
import { anonymiseUser, countAdmins, findUserById } from '../../stores/users';
import { ADMIN_ROLES_LOCK } from '../users/service';
import { leaveEveryLine } from '../waitlist/service';

/**
 * DELETE /admin/users/{id}: the account and its personal data go, the books stay (docs/decisions/0910-delete-user-anonymises.md,
 * "Users"). Tickets, orders and refunds keep pointing at the anonymised row, so sales, revenue and the
 * gate still add up; the person disappears from user lists and counts. Their unpaid checkouts end in the
 * same transaction (seats back on sale); a payment that still arrives for one is refunded in full by
 * modules/purchase/fulfilment.ts, never turned into tickets nobody can receive.
 */
export async function deleteUser(ctx: AppContext, caller: UserRow, targetId: string): Promise<void> {
  if (caller.id === targetId) throw new AppError('BAD_REQUEST', 'You cannot delete your own account');
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    // The same lock as role changes: "at least one admin remains" must hold under concurrency.
    await lockFor(trx, ADMIN_ROLES_LOCK);
    const target = await findUserById(trx, targetId);
    if (!target) throw new AppError('USER_NOT_FOUND', 'User not found');
    if (target.role === 'admin' && (await countAdmins(trx)) <= 1) {
      throw new AppError(
        'LAST_ADMIN',
        'The last administrator cannot be deleted. Make someone else an admin first.',
      );
    }
    // The caller's row was read before the lock; two admins deleting each other at once must not both win.
    const current = await findUserById(trx, caller.id);
    if (current?.role !== 'admin') throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
    await anonymiseUser(trx, target.id, now.toISOString());
    // Their waitlist places end too; an offer's hold is among the holds released just below.
    await leaveEveryLine(trx, target.id, now);
    for (const orderId of await releaseHoldsOfUser(trx, target.id, now)) {
      await recordAudit(
        trx,
        {
          actorUserId: caller.id,
          action: 'order.expired',
          entity: 'order',
          entityId: orderId,
          data: { reason: 'owner-deleted' },
        },
        now,
      );
    }
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'user.deleted',
        entity: 'user',
        entityId: target.id,
        // No personal data in the log either: the role is enough to explain a later admin count.
        data: { role: target.role },
      },
      now,
    );
  });
}
