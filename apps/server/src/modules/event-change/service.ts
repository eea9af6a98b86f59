import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CALL_OFF_CODE_MINUTES,
  type CallOffDryRun,
  callOffPlan,
  confirmsEventName,
  EVENT_CHANGE_MESSAGES,
  type EventChangeRequest,
  freeRefundUntil,
  needsConfirmationCode,
} from '@utsav/domain/event-change';
import { paiseToRupees } from '@utsav/domain/pricing';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { EventRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { findCurrentEvent, lockEvent } from '../../stores/events';
import { releaseHoldsOfEvent } from '../../stores/orders';
import { forgetCurrentEvent } from '../event/current-event';
import {
  callOffTicketsOf,
  holdersOf,
  insertCallOffOrders,
  insertChange,
  releaseLines,
  saveCode,
  takeCode,
} from './repo';

// POST /admin/event/change: postpone (or move) the night, or call it off. Admin only (the route's action).
// - Postpone: one transaction moves the date, times and venue, opens the free-refund period, and queues one mail
//   per holder (their language, a new .ics). Tickets stay valid: nothing about them changes.
// - Call off, dry run: the plan (orders, tickets, total) and, above ₹1,00,000, a code mailed to the admin.
// - Call off: one transaction under the event's lock marks the event called off (once: a second call-off finds it
//   so and is refused), writes one refund-job row per paid order, ends the holds and the lines, and queues one mail
//   per holder. Sales stop with the commit (requirePublished refuses a called-off event). The refunds themselves
//   are the job's (job.ts): resumable, each order once.

export type ChangeOutcome =
  | { kind: 'postpone'; event: EventRow }
  | { kind: 'call-off-dry-run'; plan: CallOffDryRun }
  | { kind: 'call-off'; orders: number; tickets: number; refundTotal: number };

export async function changeEvent(
  ctx: AppContext,
  caller: UserRow,
  input: EventChangeRequest,
): Promise<ChangeOutcome> {
  if (input.kind === 'postpone') return { kind: 'postpone', event: await postpone(ctx, caller, input) };
  if (input.dryRun === true) return { kind: 'call-off-dry-run', plan: await dryRun(ctx, caller) };
  if (!('confirm' in input)) throw refused(EVENT_CHANGE_MESSAGES.nameMismatch);
  return { kind: 'call-off', ...(await callOff(ctx, caller, input.confirm, input.code)) };
}

async function postpone(
  ctx: AppContext,
  caller: UserRow,
  input: Extract<EventChangeRequest, { kind: 'postpone' }>,
): Promise<EventRow> {
  const now = ctx.now();
  const stamp = now.toISOString();
  const days = input.freeRefundDays;
  const event = await transaction(ctx.db, async (trx) => {
    const current = await currentOrRefuse(trx);
    const locked = (await lockEvent(trx, current.id))!;
    if (locked.status === 'called-off') throw refused(EVENT_CHANGE_MESSAGES.alreadyCalledOff);
    const until = days === 0 ? null : freeRefundUntil(now, days).toISOString();
    const moved = await trx
      .updateTable('events')
      .set({
        date: input.date,
        start_time: input.startTime,
        end_time: input.endTime,
        venue: input.venue ?? locked.venue,
        status: 'postponed',
        status_changed_at: stamp,
        free_refund_until: until,
        updated_at: stamp,
      })
      .where('id', '=', locked.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const changeId = randomUUID();
    const details = {
      before: {
        date: locked.date,
        startTime: locked.start_time,
        endTime: locked.end_time,
        venue: locked.venue,
      },
      after: { date: moved.date, startTime: moved.start_time, endTime: moved.end_time, venue: moved.venue },
      freeRefundUntil: until,
    };
    await insertChange(trx, {
      id: changeId,
      event_id: locked.id,
      kind: 'postpone',
      details: JSON.stringify(details),
      requested_by: caller.id,
      created_at: stamp,
    });
    for (const userId of await holdersOf(trx, locked.id)) {
      await enqueueOutbox(trx, 'event-postponed', { userId, eventId: locked.id, changeId }, now);
    }
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'event.postponed',
        entity: 'event',
        entityId: locked.id,
        data: details,
      },
      now,
    );
    return moved;
  });
  forgetCurrentEvent(ctx);
  return event;
}

async function dryRun(ctx: AppContext, caller: UserRow): Promise<CallOffDryRun> {
  const event = await currentOrRefuse(ctx.db);
  if (event.status === 'called-off') throw refused(EVENT_CHANGE_MESSAGES.alreadyCalledOff);
  const plan = callOffPlan(await callOffTicketsOf(ctx.db, event.id));
  const codeRequired = needsConfirmationCode(plan.refundTotalPaise);
  if (codeRequired) {
    const now = ctx.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await transaction(ctx.db, async (trx) => {
      await saveCode(trx, {
        event_id: event.id,
        user_id: caller.id,
        code_hash: hashCode(event.id, code),
        expires_at: new Date(now.getTime() + CALL_OFF_CODE_MINUTES * 60_000).toISOString(),
      });
      // The code travels in the outbox row to the mail that carries it; the table keeps only its hash.
      await enqueueOutbox(
        trx,
        'call-off-code',
        { userId: caller.id, eventId: event.id, code, refundTotal: paiseToRupees(plan.refundTotalPaise) },
        now,
      );
    });
  }
  return {
    orders: plan.orders.length,
    tickets: plan.tickets,
    refundTotal: paiseToRupees(plan.refundTotalPaise),
    razorpayCalls: plan.tickets,
    codeRequired,
  };
}

async function callOff(
  ctx: AppContext,
  caller: UserRow,
  typedName: string,
  code: string | undefined,
): Promise<{ orders: number; tickets: number; refundTotal: number }> {
  const event = await currentOrRefuse(ctx.db);
  if (event.status === 'called-off') throw refused(EVENT_CHANGE_MESSAGES.alreadyCalledOff);
  if (!confirmsEventName(typedName, event.name)) {
    throw new AppError('EVENT_CHANGE_REFUSED', EVENT_CHANGE_MESSAGES.nameMismatch, [
      { field: 'confirm', message: EVENT_CHANGE_MESSAGES.nameMismatch },
    ]);
  }
  const planned = callOffPlan(await callOffTicketsOf(ctx.db, event.id));
  if (needsConfirmationCode(planned.refundTotalPaise)) await checkCode(ctx, event.id, caller.id, code);

  const now = ctx.now();
  const stamp = now.toISOString();
  const result = await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    const marked = await trx
      .updateTable('events')
      .set({ status: 'called-off', status_changed_at: stamp, free_refund_until: null, updated_at: stamp })
      .where('id', '=', event.id)
      .where('status', '!=', 'called-off')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw refused(EVENT_CHANGE_MESSAGES.alreadyCalledOff);
    // Planned again under the lock: a sale or a cancellation since the dry run is counted as it now is.
    const plan = callOffPlan(await callOffTicketsOf(trx, event.id));
    const changeId = randomUUID();
    const details = {
      orders: plan.orders.length,
      tickets: plan.tickets,
      refundTotalPaise: plan.refundTotalPaise,
    };
    await insertChange(trx, {
      id: changeId,
      event_id: event.id,
      kind: 'call-off',
      details: JSON.stringify(details),
      requested_by: caller.id,
      created_at: stamp,
    });
    await insertCallOffOrders(
      trx,
      plan.orders.map((order) => ({
        order_id: order.orderId,
        event_id: event.id,
        change_id: changeId,
        tickets: order.tickets,
        amount_paise: order.amountPaise,
        state: 'queued' as const,
        created_at: stamp,
        updated_at: stamp,
      })),
    );
    const holdsReleased = (await releaseHoldsOfEvent(trx, event.id, now)).length;
    await releaseLines(trx, event.id, now);
    for (const userId of await holdersOf(trx, event.id)) {
      await enqueueOutbox(trx, 'event-called-off', { userId, eventId: event.id }, now);
    }
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'event.called-off',
        entity: 'event',
        entityId: event.id,
        data: { ...details, holdsReleased, codeRequired: needsConfirmationCode(plan.refundTotalPaise) },
      },
      now,
    );
    return plan;
  });
  forgetCurrentEvent(ctx);
  return {
    orders: result.orders.length,
    tickets: result.tickets,
    refundTotal: paiseToRupees(result.refundTotalPaise),
  };
}

/**
 * The emailed code is taken (deleted) in its own transaction before it is compared, so each code is good for one
 * try: a wrong guess costs the admin a new dry run, and guessing six digits one mail at a time is hopeless.
 */
async function checkCode(ctx: AppContext, eventId: string, userId: string, code: string | undefined) {
  if (!code) {
    throw new AppError('EVENT_CHANGE_REFUSED', EVENT_CHANGE_MESSAGES.codeRequired, [
      { field: 'code', message: EVENT_CHANGE_MESSAGES.codeRequired },
    ]);
  }
  const stored = await transaction(ctx.db, (trx) => takeCode(trx, eventId, userId));
  const expected = stored ? Buffer.from(stored.code_hash, 'hex') : Buffer.alloc(32);
  const given = Buffer.from(hashCode(eventId, code), 'hex');
  const matches = timingSafeEqual(expected, given);
  if (!stored || !matches || Date.parse(stored.expires_at) <= ctx.now().getTime()) {
    throw new AppError('EVENT_CHANGE_REFUSED', EVENT_CHANGE_MESSAGES.codeWrong, [
      { field: 'code', message: EVENT_CHANGE_MESSAGES.codeWrong },
    ]);
  }
}

function hashCode(eventId: string, code: string): string {
  return createHash('sha256').update(`${eventId}:${code.trim()}`).digest('hex');
}

async function currentOrRefuse(db: AppContext['db']): Promise<EventRow> {
  const event = await findCurrentEvent(db);
  if (!event) throw new AppError('EVENT_NOT_FOUND', EVENT_CHANGE_MESSAGES.noEvent);
  return event;
}

function refused(message: string): AppError {
  return new AppError('EVENT_CHANGE_REFUSED', message);
}
