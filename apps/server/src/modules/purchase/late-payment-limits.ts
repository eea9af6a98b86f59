import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/database';
import type { EventRow } from '../../platform/db/schema';
import type { OrderLineRow } from '../../platform/db/schema-sales';
import { codeRuleOf, findCodeById } from '../../stores/promo-codes';
import type { Counted } from '../../stores/ticket-types';
import { catalogueFor } from './sales-catalogue';
import { readExact } from './sales-snapshot';

// A payment that arrives after its hold ran out: its order's people, type tickets, phase tickets and code uses were
// back on sale meanwhile, so each must fit again, under the event lock (fulfilment.ts), on the exact figures: sold,
// plus the live holds at `now` (the late order's own hold is not live, so it is not among them). The lines keep the
// price they were quoted; if any limit they took is now full, the payment is refunded in full like a late payment
// with no people left. A person's own limits are not judged again (as the event's per-person cap is not: the money
// was taken).

/** The first limit the late order's lines no longer fit ('type:<id>', 'phase:<id>' or 'code:<id>'), or null. */
export async function lateLinesOverLimit(
  ctx: AppContext,
  trx: Db,
  event: EventRow,
  promoCodeId: string | null,
  lines: readonly OrderLineRow[],
  now: Date,
): Promise<string | null> {
  if (lines.length === 0) return null;
  const catalogue = await catalogueFor(ctx, trx, event, true);
  const codeRow = promoCodeId ? await findCodeById(trx, promoCodeId) : undefined;
  const maxUses = codeRow ? codeRuleOf(codeRow).maxUses : null;
  const wanted = { type: new Map<string, number>(), phase: new Map<string, number>(), code: 0 };
  for (const line of lines) {
    add(wanted.type, line.ticket_type_id, Number(line.quantity));
    if (line.phase_id) add(wanted.phase, line.phase_id, Number(line.quantity));
    wanted.code += Number(line.code_uses);
  }
  const limits: [scope: 'type' | 'phase' | 'code', id: string, limit: number, asked: number][] = [];
  for (const [typeId, asked] of wanted.type) {
    const type = catalogue.byId.get(typeId);
    if (type?.capacity !== null && type?.capacity !== undefined)
      limits.push(['type', typeId, type.capacity, asked]);
    for (const phase of type?.phases ?? []) {
      const inPhase = wanted.phase.get(phase.id);
      if (inPhase && phase.quantity !== null) limits.push(['phase', phase.id, phase.quantity, inPhase]);
    }
  }
  if (promoCodeId && maxUses !== null && wanted.code > 0)
    limits.push(['code', promoCodeId, maxUses, wanted.code]);
  if (limits.length === 0) return null;
  const exact = await readExact(trx, event.id, now.toISOString());
  for (const [scope, id, limit, asked] of limits) {
    const counted: Counted = exact[scope].get(id) ?? { sold: 0, heldAtMost: 0 };
    if (counted.sold + counted.heldAtMost + asked > limit) return `${scope}:${id}`;
  }
  return null;
}

function add(map: Map<string, number>, key: string, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}
