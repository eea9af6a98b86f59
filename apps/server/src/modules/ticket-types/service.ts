import { randomUUID } from 'node:crypto';
import type { AdminTicketType } from '@utsav/domain/api/ticket-types';
import type { AuditAction } from '@utsav/domain/audit-actions';
import { rupeesToPaise } from '@utsav/domain/pricing';
import { TYPE_COLOURS } from '@utsav/domain/ticket-types';
import type { PhaseInput, TicketTypeInput } from '@utsav/domain/ticket-types-schema';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { EventRow, UserRow } from '../../platform/db/schema';
import type { TicketTypeRow } from '../../platform/db/schema-sales';
import { AppError, validationError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { findCurrentEvent, lockEvent } from '../../stores/events';
import { findEventTypes, findSalesCounters, findType, type StoredType } from '../../stores/ticket-types';
import { forgetCurrentEvent } from '../event/current-event';
import { toAdminTicketType } from './presenter';
import {
  deletePhase,
  deleteType,
  insertPhase,
  insertType,
  liveHeldByTypeAndPhase,
  nextPosition,
  phaseHasSales,
  salesByType,
  setPositions,
  typeHasSales,
  updatePhase,
  updateType,
} from './repo';

// The organiser's price list: create, edit, reorder, archive or delete ticket types (admin; a manager reads).
// Every write runs under the event lock, like a hold, so a capacity or a phase edited cannot slip between a hold's
// judgement and its write. The default type ("Entry") is the event's own price: editing its price edits the
// event's, and the event's edits reach it by trigger (migration 0024); it can be neither hidden, archived nor
// deleted. Price changes never touch tickets sold: each ticket keeps the price it was bought at.

export async function listTicketTypes(ctx: AppContext): Promise<AdminTicketType[]> {
  const event = await findCurrentEvent(ctx.db);
  if (!event) return [];
  return presentAll(ctx.db, event.id, ctx.now());
}

export async function createTicketType(
  ctx: AppContext,
  caller: UserRow,
  input: TicketTypeInput,
): Promise<AdminTicketType> {
  const event = await requireEvent(ctx.db);
  const now = ctx.now();
  const id = randomUUID();
  await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    const position = await nextPosition(trx, event.id);
    await insertType(trx, {
      id,
      event_id: event.id,
      ...typeColumns(input, TYPE_COLOURS[position % TYPE_COLOURS.length]!),
      position,
      is_default: 0,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    for (const [position, phase] of input.phases.entries()) {
      await insertPhase(trx, { id: randomUUID(), ticket_type_id: id, position, ...phaseColumns(phase) });
    }
    await audit(trx, caller, 'ticket_type.created', id, { name: input.name }, now);
  });
  return presentOne(ctx.db, event.id, id, now);
}

export async function editTicketType(
  ctx: AppContext,
  caller: UserRow,
  id: string,
  input: TicketTypeInput,
): Promise<AdminTicketType> {
  const event = await requireEvent(ctx.db);
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    const type = await requireType(trx, event, id);
    await checkEdit(trx, event, type, input, now);
    const current = typeColumns(input, input.colour ?? type.colour);
    await updateType(trx, id, {
      ...current,
      archived_at: input.archived ? (type.archived ? undefined : now.toISOString()) : null,
      updated_at: now.toISOString(),
    });
    await replacePhases(trx, type, input.phases);
    if (type.isDefault) {
      // The event's price is this type's: the spec's ticketPrice / groupPrice4 stay what GET /event says.
      await trx
        .updateTable('events')
        .set({
          ticket_price_paise: current.price_paise,
          group_price4_paise: current.group_price4_paise,
          updated_at: now.toISOString(),
        })
        .where('id', '=', event.id)
        .execute();
    }
    await audit(trx, caller, 'ticket_type.updated', id, { name: input.name }, now);
  });
  if (await isDefaultType(ctx.db, id)) forgetCurrentEvent(ctx);
  // An edit can free tickets of the type (a raised or removed capacity, a type back on sale): its waiting line,
  // and the event's, are offered them now, before this answer, not at the next sweep (ctx.seatsReturned; nothing
  // when nobody waits).
  await ctx.seatsReturned(event.id);
  return presentOne(ctx.db, event.id, id, now);
}

export async function deleteTicketType(ctx: AppContext, caller: UserRow, id: string): Promise<void> {
  const event = await requireEvent(ctx.db);
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    const type = await requireType(trx, event, id);
    if (type.isDefault) throw new AppError('CONFLICT', 'The default ticket type cannot be deleted.');
    if (await typeHasSales(trx, id)) {
      throw new AppError(
        'TICKET_TYPE_HAS_SALES',
        msg('{{name}} has sold tickets, so it cannot be deleted. Archive it instead.', { name: type.name }),
      );
    }
    await deleteType(trx, id);
    await audit(trx, caller, 'ticket_type.deleted', id, { name: type.name }, now);
  });
}

export async function reorderTicketTypes(
  ctx: AppContext,
  caller: UserRow,
  ids: readonly string[],
): Promise<AdminTicketType[]> {
  const event = await requireEvent(ctx.db);
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    const existing = new Set((await findEventTypes(trx, event.id)).map((type) => type.id));
    if (ids.length !== existing.size || ids.some((id) => !existing.has(id))) {
      throw validationError([{ field: 'ids', message: 'List every ticket type once, in the new order' }]);
    }
    await setPositions(trx, ids);
    await audit(trx, caller, 'ticket_type.reordered', event.id, { ids }, now);
  });
  return presentAll(ctx.db, event.id, now);
}

async function requireEvent(db: Db): Promise<EventRow> {
  const event = await findCurrentEvent(db);
  if (!event) throw new AppError('EVENT_NOT_FOUND', 'Create the event first, then its ticket types.');
  return event;
}

async function requireType(db: Db, event: EventRow, id: string): Promise<StoredType> {
  const type = await findType(db, id);
  if (!type || type.eventId !== event.id) throw new AppError('NOT_FOUND', 'Ticket type not found');
  return type;
}

async function isDefaultType(db: Db, id: string): Promise<boolean> {
  return (await findType(db, id))?.isDefault ?? false;
}

/** The edit's refusals that depend on what is stored: the default type's, capacity, phases with sales. */
async function checkEdit(db: Db, event: EventRow, type: StoredType, input: TicketTypeInput, now: Date) {
  const details: { field: string; message: string | ReturnType<typeof msg> }[] = [];
  if (type.isDefault && input.hidden)
    details.push({ field: 'hidden', message: 'The default ticket type cannot be hidden or archived.' });
  if (type.isDefault && input.archived)
    details.push({ field: 'archived', message: 'The default ticket type cannot be hidden or archived.' });
  if (typeof input.capacity === 'number') {
    const counters = await findSalesCounters(db, event.id);
    const held = (await liveHeldByTypeAndPhase(db, event.id, now)).type.get(type.id) ?? 0;
    const taken = (counters.type.get(type.id)?.sold ?? 0) + held;
    if (input.capacity < taken) {
      details.push({
        field: 'capacity',
        message: msg('Capacity cannot be below the {{count}} tickets sold or being paid for.', {
          count: taken,
        }),
      });
    }
  }
  for (const [index, phase] of type.phases.entries()) {
    if (index >= input.phases.length && (await phaseHasSales(db, phase.id))) {
      details.push({
        field: `phases.${index}`,
        message: msg('The phase {{label}} has sales, so it cannot be removed.', { label: phase.label }),
      });
    }
  }
  if (details.length > 0) throw validationError(details);
}

/** Phases keep their identity by position: the one at each place is edited in place (its sales stay with it). */
async function replacePhases(db: Db, type: StoredType, phases: readonly PhaseInput[]): Promise<void> {
  for (const [position, phase] of phases.entries()) {
    const existing = type.phases[position];
    if (existing) await updatePhase(db, existing.id, phaseColumns(phase));
    else
      await insertPhase(db, { id: randomUUID(), ticket_type_id: type.id, position, ...phaseColumns(phase) });
  }
  for (const removed of type.phases.slice(phases.length)) await deletePhase(db, removed.id);
}

function typeColumns(input: TicketTypeInput, colour: string) {
  return {
    name: input.name,
    name_hi: input.nameHi ?? null,
    name_gu: input.nameGu ?? null,
    description: input.description,
    price_paise: rupeesToPaise(input.price),
    group_price4_paise: typeof input.groupPrice4 === 'number' ? rupeesToPaise(input.groupPrice4) : null,
    admits: input.admits,
    capacity: input.capacity ?? null,
    per_person_limit: input.perPersonLimit ?? null,
    sales_start: input.salesStart ?? null,
    sales_end: input.salesEnd ?? null,
    colour: input.colour ?? colour,
    hidden: input.hidden ? 1 : 0,
    paused: input.paused ? 1 : 0,
    archived_at: null as string | null,
  } satisfies Partial<TicketTypeRow>;
}

function phaseColumns(phase: PhaseInput) {
  return {
    label: phase.label,
    price_paise: rupeesToPaise(phase.price),
    ends_at: phase.endsAt ?? null,
    quantity: phase.quantity ?? null,
  };
}

async function presentAll(db: Db, eventId: string, now: Date): Promise<AdminTicketType[]> {
  const [types, counters, sales, held] = await Promise.all([
    findEventTypes(db, eventId),
    findSalesCounters(db, eventId),
    salesByType(db, eventId),
    liveHeldByTypeAndPhase(db, eventId, now),
  ]);
  const phaseSold = new Map([...counters.phase].map(([id, counted]) => [id, counted.sold]));
  return types.map((type) =>
    toAdminTicketType(type, {
      sales: sales.get(type.id),
      phaseSold,
      heldByType: held.type,
      heldByPhase: held.phase,
    }),
  );
}

async function presentOne(db: Db, eventId: string, id: string, now: Date): Promise<AdminTicketType> {
  const all = await presentAll(db, eventId, now);
  return all.find((type) => type.id === id)!;
}

function audit(
  db: Db,
  caller: UserRow,
  action: AuditAction,
  entityId: string,
  data: Record<string, unknown>,
  now: Date,
) {
  return recordAudit(db, { actorUserId: caller.id, action, entity: 'ticket_type', entityId, data }, now);
}
