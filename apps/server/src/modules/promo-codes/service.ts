import { randomUUID } from 'node:crypto';
import type { AdminPromoCode } from '@utsav/domain/api/promo-codes';
import type { AuditAction } from '@utsav/domain/audit-actions';
import { csvRow } from '@utsav/domain/csv';
import { paiseToRupees, rupeesToPaise } from '@utsav/domain/pricing';
import { PROMO_CODE_MESSAGES, type PromoCodeInput } from '@utsav/domain/promo-codes-schema';
import { istTimestamp } from '@utsav/domain/time';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { EventRow, UserRow } from '../../platform/db/schema';
import type { PromoCodeRow } from '../../platform/db/schema-sales';
import { AppError, validationError } from '../../platform/errors';
import { findCurrentEvent, lockEvent } from '../../stores/events';
import { codeRuleOf, findCodeByText } from '../../stores/promo-codes';
import { findEventTypes } from '../../stores/ticket-types';
import {
  type CodeUse,
  codeHasUses,
  codeUses,
  deleteCode,
  findCode,
  findEventCodes,
  insertCode,
  updateCode,
} from './repo';

// The organiser's promo and access codes (admin writes; a manager reads), with each code's use. Writes run under
// the event lock, like holds, so a limit changed cannot slip between a hold's judgement and its write.

export async function listPromoCodes(ctx: AppContext): Promise<AdminPromoCode[]> {
  const event = await findCurrentEvent(ctx.db);
  if (!event) return [];
  const [rows, uses] = await Promise.all([
    findEventCodes(ctx.db, event.id),
    codeUses(ctx.db, event.id, ctx.now()),
  ]);
  return rows.map((row) => present(row, uses.get(row.id)));
}

export async function createPromoCode(
  ctx: AppContext,
  caller: UserRow,
  input: PromoCodeInput,
): Promise<AdminPromoCode> {
  const event = await requireEvent(ctx.db);
  const now = ctx.now().toISOString();
  const id = randomUUID();
  await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    await checkInput(trx, event, input, null);
    await insertCode(trx, { id, event_id: event.id, ...columns(input), created_at: now, updated_at: now });
    await audit(trx, caller, 'promo_code.created', id, { code: input.code }, ctx.now());
  });
  return presentOne(ctx, event.id, id);
}

export async function editPromoCode(
  ctx: AppContext,
  caller: UserRow,
  id: string,
  input: PromoCodeInput,
): Promise<AdminPromoCode> {
  const event = await requireEvent(ctx.db);
  await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    await requireCode(trx, event, id);
    await checkInput(trx, event, input, id);
    await updateCode(trx, id, { ...columns(input), updated_at: ctx.now().toISOString() });
    await audit(trx, caller, 'promo_code.updated', id, { code: input.code }, ctx.now());
  });
  return presentOne(ctx, event.id, id);
}

export async function deletePromoCode(ctx: AppContext, caller: UserRow, id: string): Promise<void> {
  const event = await requireEvent(ctx.db);
  await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    const row = await requireCode(trx, event, id);
    if (await codeHasUses(trx, id)) {
      throw new AppError(
        'CONFLICT',
        'This code has been used, so it cannot be deleted. Switch it off instead.',
      );
    }
    await deleteCode(trx, id);
    await audit(trx, caller, 'promo_code.deleted', id, { code: row.code }, ctx.now());
  });
}

const CSV_HEADER = [
  'Code',
  'Kind',
  'Value',
  'Active',
  'Valid from (IST)',
  'Valid until (IST)',
  'Max uses',
  'Max uses per person',
  'Tickets',
  'Held now',
  'Orders',
  'Discount given (₹)',
  'Revenue (₹)',
];

/** The panel's CSV: each code with its use. */
export async function promoCodesCsv(ctx: AppContext): Promise<string> {
  const codes = await listPromoCodes(ctx);
  const lines = [csvRow(CSV_HEADER)];
  for (const code of codes) {
    lines.push(
      csvRow([
        code.code,
        code.kind,
        code.value,
        code.active,
        istTimestamp(code.validFrom),
        istTimestamp(code.validUntil),
        code.maxUses,
        code.maxUsesPerPerson,
        code.use.tickets,
        code.use.held,
        code.use.orders,
        code.use.discount,
        code.use.revenue,
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function requireEvent(db: Db): Promise<EventRow> {
  const event = await findCurrentEvent(db);
  if (!event) throw new AppError('EVENT_NOT_FOUND', 'Create the event first, then its ticket types.');
  return event;
}

async function requireCode(db: Db, event: EventRow, id: string): Promise<PromoCodeRow> {
  const row = await findCode(db, id);
  if (!row || row.event_id !== event.id) throw new AppError('NOT_FOUND', 'Promo code not found');
  return row;
}

/** The code's text is the event's only one; the types it names are the event's. */
async function checkInput(
  db: Db,
  event: EventRow,
  input: PromoCodeInput,
  editing: string | null,
): Promise<void> {
  const details: { field: string; message: string }[] = [];
  const same = await findCodeByText(db, event.id, input.code);
  if (same && same.id !== editing) details.push({ field: 'code', message: PROMO_CODE_MESSAGES.codeExists });
  const types = new Set((await findEventTypes(db, event.id)).map((type) => type.id));
  if (input.ticketTypeIds.some((id) => !types.has(id)))
    details.push({ field: 'ticketTypeIds', message: PROMO_CODE_MESSAGES.ticketTypeIds });
  if (details.length > 0) throw validationError(details);
}

function columns(input: PromoCodeInput) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'amount' ? rupeesToPaise(input.value) : input.value,
    ticket_type_ids: JSON.stringify(input.ticketTypeIds),
    valid_from: input.validFrom ?? null,
    valid_until: input.validUntil ?? null,
    max_uses: input.maxUses ?? null,
    max_uses_per_person: input.maxUsesPerPerson ?? null,
    min_quantity: input.minQuantity ?? null,
    active: input.active ? 1 : 0,
  } satisfies Partial<PromoCodeRow>;
}

function present(row: PromoCodeRow, use: CodeUse | undefined): AdminPromoCode {
  const rule = codeRuleOf(row);
  return {
    id: rule.id,
    code: rule.code,
    kind: rule.kind,
    value: rule.kind === 'amount' ? paiseToRupees(rule.value) : rule.value,
    ticketTypeIds: [...rule.ticketTypeIds],
    validFrom: rule.validFrom,
    validUntil: rule.validUntil,
    maxUses: rule.maxUses,
    maxUsesPerPerson: rule.maxUsesPerPerson,
    minQuantity: rule.minQuantity,
    active: rule.active,
    use: {
      tickets: use?.tickets ?? 0,
      held: use?.held ?? 0,
      orders: use?.orders ?? 0,
      discount: paiseToRupees(use?.discountPaise ?? 0),
      revenue: paiseToRupees(use?.revenuePaise ?? 0),
    },
  };
}

async function presentOne(ctx: AppContext, eventId: string, id: string): Promise<AdminPromoCode> {
  const [row, uses] = await Promise.all([findCode(ctx.db, id), codeUses(ctx.db, eventId, ctx.now())]);
  return present(row!, uses.get(id));
}

function audit(
  db: Db,
  caller: UserRow,
  action: AuditAction,
  entityId: string,
  data: Record<string, unknown>,
  now: Date,
) {
  return recordAudit(db, { actorUserId: caller.id, action, entity: 'promo_code', entityId, data }, now);
}
