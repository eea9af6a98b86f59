// The price list's cost on a hold: an event of 5 ticket types with 3 price phases each (the first two with
// quantities, the last open), holds of those types (one ticket each, in turn), with none sold and then with
// 19,000 sold across the types and their first phases. Compared with the single-type event's holds of the
// full-event scenario in the same run (bench/RESULTS.md): a hold must not cost more CPU for the types.

import { sql } from 'kysely';
import { createDatabase } from '../../apps/server/src/platform/db/database';
import { insertRows, ticketRow } from '../../apps/server/support/admin-fixtures';
import type { BenchUser } from './harness';
import { type Hello, type Measured, measureHolds, type Setup } from './scenarios';

const TYPES = 5;
const EARLY = { label: 'Early bird', price: 249, quantity: 6_000 };
const REGULAR = { label: 'Regular', price: 349, quantity: 6_000 };
const GATE = { label: 'At the gate', price: 449 };

interface BenchType {
  id: string;
  earlyPhaseId: string;
}

export async function measureTypesEvent(
  setup: Setup,
  hello: Hello,
  options: { holds: number; sold: number; buyers: BenchUser[] },
): Promise<{ empty: Measured; full: Measured }> {
  const types = await createTypes(setup);
  // Every hold buys one ticket of a type in its early-bird phase (the first phase, far from its quantity).
  const bodies = types.map((type) =>
    JSON.stringify({
      eventId: setup.event.id,
      amount: EARLY.price,
      items: [{ ticketTypeId: type.id, quantity: 1 }],
    }),
  );
  const label = `${TYPES} types x 3 phases`;
  const empty = await measureHolds(setup, hello, {
    amount: options.holds,
    buyers: options.buyers,
    bodies,
    label: `${options.holds} holds of ${label}, none sold`,
  });
  const db = createDatabase({ dataDir: setup.server.dataDir, databaseUrl: setup.server.databaseUrl });
  try {
    await db.updateTable('orders').set({ status: 'expired' }).where('status', '=', 'created').execute();
    const rows = Array.from({ length: options.sold }, (_, index) => {
      const type = types[index % TYPES]!;
      return ticketRow(
        { eventId: setup.event.id, userId: setup.admin.id },
        {
          holder_name: 'Earlier buyer',
          qr_token: 'not-scanned-in-this-bench',
          issued_by_admin: 1,
          issued_by_user_id: setup.admin.id,
          ticket_type_id: type.id,
          phase_id: type.earlyPhaseId,
          price_paise: EARLY.price * 100,
        },
      );
    });
    await insertRows(db, 'tickets', rows);
    // As the full-event scenario does: the tickets copied out of SQLite's WAL before the measured holds.
    if (!setup.server.databaseUrl) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  } finally {
    await db.destroy();
  }
  const full = await measureHolds(setup, hello, {
    amount: options.holds,
    buyers: options.buyers,
    bodies,
    label: `${options.holds} holds of ${label}, ${options.sold} sold`,
  });
  return { empty, full };
}

async function createTypes(setup: Setup): Promise<BenchType[]> {
  const types: BenchType[] = [];
  for (let index = 0; index < TYPES; index++) {
    const response = await fetch(`${setup.server.url}/api/admin/ticket-types`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.admin.token}` },
      body: JSON.stringify({
        name: `Pass ${index + 1}`,
        price: GATE.price,
        phases: [EARLY, REGULAR, GATE],
      }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`ticket type: ${response.status} ${text}`);
    const type = JSON.parse(text).ticketType;
    types.push({ id: type.id, earlyPhaseId: type.phases[0].id });
  }
  return types;
}
