import type { ConvenienceFeeRule } from '@utsav/domain/convenience-fee';
import { normaliseCode, type PromoCodeRule } from '@utsav/domain/promo-codes';
import type { CompiledQuery } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/database';
import type { EventRow } from '../../platform/db/schema';
import type { PricePhaseRow, PromoCodeRow, TicketTypeRow } from '../../platform/db/schema-sales';
import type { SqliteNow } from '../../platform/db/sqlite-now';
import { codeRuleOf } from '../../stores/promo-codes';
import { type FeeColumns, feeRuleOfRow, TAX_SETTINGS_ROW_ID } from '../../stores/tax-settings';
import { type StoredType, typeOf } from '../../stores/ticket-types';
import { codeQuery, feeQuery, phasesQuery, typesQuery } from './sales-snapshot';

// The event's price list as a hold prices it: its types with their phases, and the codes buyers have named. It
// changes only when an organiser edits it, and every such write moves events.sales_version in the same transaction
// (migration 0026). Every hold reads the event row anyway (under its lock on PostgreSQL, once per group commit on
// SQLite), so this instance keeps one copy per event and checks it against that row's version for nothing: a hold
// reads types, phases or a code only after they changed, never once per hold. Before the lock (what to ask
// Razorpay for) a copy at least as new as the instance's copy of the event row is good enough; under the lock only
// the copy of exactly the locked row's version is used.

export interface SalesCatalogue {
  eventId: string;
  version: number;
  /** Every type (hidden and archived too), in the organiser's order. */
  types: StoredType[];
  byId: ReadonlyMap<string, StoredType>;
  defaultType: StoredType;
  /** The default type has no phases, capacity, limit, window or pause: the event row prices it, as before types. */
  plainDefault: boolean;
  /** Codes looked up so far at this version, by normalised text; undefined: the event has no such code. */
  codes: Map<string, PromoCodeRule | undefined>;
  /** The organiser's convenience fee (tax settings); saving them moves every event's sales_version. */
  fee: ConvenienceFeeRule | null;
}

/** Codes remembered per version, at most: a buyer typing codes at random must not grow the copy without end. */
const MAX_CODES = 500;

const copies = new WeakMap<AppContext, Map<string, SalesCatalogue>>();

function copiesOf(ctx: AppContext): Map<string, SalesCatalogue> {
  let map = copies.get(ctx);
  if (!map) {
    map = new Map();
    copies.set(ctx, map);
  }
  return map;
}

const versionOf = (event: EventRow) => Number(event.sales_version ?? 0);

function catalogueOf(
  event: EventRow,
  types: TicketTypeRow[],
  phases: PricePhaseRow[],
  fee: FeeColumns | undefined,
): SalesCatalogue {
  const stored = types.map((row) => typeOf(row, phases));
  const defaultType = stored.find((type) => type.isDefault);
  if (!defaultType) throw new Error(`event ${event.id} has no default ticket type`);
  return {
    eventId: event.id,
    version: versionOf(event),
    types: stored,
    byId: new Map(stored.map((type) => [type.id, type])),
    defaultType,
    plainDefault:
      defaultType.phases.length === 0 &&
      defaultType.capacity === null &&
      defaultType.perPersonLimit === null &&
      defaultType.salesStart === null &&
      defaultType.salesEnd === null &&
      !defaultType.paused,
    codes: new Map(),
    fee: feeRuleOfRow(fee),
  };
}

function kept(ctx: AppContext, event: EventRow, exact: boolean): SalesCatalogue | undefined {
  const copy = copiesOf(ctx).get(event.id);
  if (!copy) return undefined;
  return (exact ? copy.version === versionOf(event) : copy.version >= versionOf(event)) ? copy : undefined;
}

function keep(ctx: AppContext, catalogue: SalesCatalogue): SalesCatalogue {
  const current = copiesOf(ctx).get(catalogue.eventId);
  // Under the lock the row's version is the truth; a read outside it never replaces a newer copy.
  if (!current || current.version <= catalogue.version) copiesOf(ctx).set(catalogue.eventId, catalogue);
  return catalogue;
}

/** SQLite, inside the hold's group commit: the copy of the event row's version, read now if it changed. */
export function catalogueSync(ctx: AppContext, sqlite: SqliteNow, event: EventRow): SalesCatalogue {
  const copy = kept(ctx, event, true);
  if (copy) return copy;
  const run = <Row>(query: CompiledQuery<Row>) => sqlite.all(query) as Row[];
  return keep(
    ctx,
    catalogueOf(
      event,
      run(typesQuery(ctx.db, event.id)),
      run(phasesQuery(ctx.db, event.id)),
      run(feeQuery(ctx.db, TAX_SETTINGS_ROW_ID))[0],
    ),
  );
}

/**
 * `db` the transaction under the event lock (exact: the locked row's version), or the database before the lock
 * (the instance's copy of the event; a newer copy of the price list is kept).
 */
export async function catalogueFor(
  ctx: AppContext,
  db: Db,
  event: EventRow,
  underLock: boolean,
): Promise<SalesCatalogue> {
  const copy = kept(ctx, event, underLock);
  if (copy) return copy;
  const [types, phases, fee] = await Promise.all([
    db.executeQuery(typesQuery(db, event.id)),
    db.executeQuery(phasesQuery(db, event.id)),
    db.executeQuery(feeQuery(db, TAX_SETTINGS_ROW_ID)),
  ]);
  return keep(ctx, catalogueOf(event, types.rows, phases.rows, fee.rows[0]));
}

/** The codes named (normalised), looked up once per version each; `read` runs the lookup statement. */
function missingCodes(catalogue: SalesCatalogue, texts: readonly string[]): string[] {
  const missing = texts.filter((text) => !catalogue.codes.has(text));
  if (missing.length > 0 && catalogue.codes.size + missing.length > MAX_CODES) catalogue.codes.clear();
  return missing;
}

export function codesSync(
  ctx: AppContext,
  sqlite: SqliteNow,
  catalogue: SalesCatalogue,
  texts: readonly string[],
): void {
  for (const text of missingCodes(catalogue, texts)) {
    const [row] = sqlite.all(codeQuery(ctx.db, catalogue.eventId, text)) as PromoCodeRow[];
    catalogue.codes.set(text, row ? codeRuleOf(row) : undefined);
  }
}

export async function loadCodes(db: Db, catalogue: SalesCatalogue, texts: readonly string[]): Promise<void> {
  const missing = missingCodes(catalogue, texts);
  const rows = await Promise.all(
    missing.map(async (text) => (await db.executeQuery(codeQuery(db, catalogue.eventId, text))).rows[0]),
  );
  missing.forEach((text, index) => {
    const row = rows[index];
    catalogue.codes.set(text, row ? codeRuleOf(row) : undefined);
  });
}

/** The code a buyer typed, as the catalogue knows it (after codesSync / loadCodes); null: none typed. */
export function codeTextOf(promoCode: string | null): string | null {
  return promoCode ? normaliseCode(promoCode) : null;
}
