import { sql } from 'kysely';
import { expect } from 'vitest';
import { emulatorState, settleRefunds } from './purchase';
import type { TestServer } from './server';

// Tax settings and documents for tests: a registered organiser in Maharashtra, and the documents as stored.

export const REGISTERED_SETTINGS = {
  registered: true,
  gstin: '27AAPFU0939F1ZV',
  legalName: 'Navratri Nights Events LLP',
  tradeName: 'Navratri Nights',
  address: '12 Marine Drive, Mumbai 400020',
  invoicePrefix: 'utsav',
};

export async function saveTaxSettings(
  server: TestServer,
  token: string,
  settings: Record<string, unknown> = REGISTERED_SETTINGS,
): Promise<void> {
  const response = await server.request('PUT', '/api/admin/tax-settings', { token, body: settings });
  expect(response.status, response.text).toBe(200);
}

/**
 * Every document, in the order issued, its lines read back. A credit note whose original was not yet made issues
 * it first in the same run, and both may carry the same instant: among equal instants a sale's document comes
 * before a credit note (its number alone would sort a credit note first), so the order does not depend on
 * whether the clock ticked between the two.
 */
export async function taxDocuments(server: TestServer) {
  const rows = await server.ctx.db
    .selectFrom('tax_documents')
    .selectAll()
    .orderBy('issued_at')
    .orderBy(sql`case when kind = 'credit-note' then 1 else 0 end`)
    .orderBy('number')
    .execute();
  return rows.map((row) => ({ ...row, lines: JSON.parse(row.lines), supplier: JSON.parse(row.supplier) }));
}

/**
 * Runs the outbox until no tax-document job waits: the worker's own timer may hold one while a drain passes it
 * by, so this waits for the state (every such job run once), not for a time. `now`: the app's clock when the test
 * drives it (jobs are due by that clock).
 */
export async function taxJobsDone(server: TestServer, now?: () => Date): Promise<void> {
  for (;;) {
    await server.app.outbox.drain(now?.());
    const waiting = await server.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'tax-document')
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .executeTakeFirst();
    if (!waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** documents − credit notes, in paise: what the documents say the organiser kept. */
export function netOfDocuments(documents: readonly { kind: string; total_paise: number }[]): number {
  return documents.reduce(
    (sum, document) => sum + (document.kind === 'credit-note' ? -1 : 1) * Number(document.total_paise),
    0,
  );
}

/** What the organiser kept of a payment, as Razorpay sees it: captured − refunded (refunds settled first). */
export async function keptAtRazorpay(server: TestServer, paymentId: string): Promise<number> {
  await settleRefunds(server);
  const payment = (await emulatorState(server)).payments.find((p: { id: string }) => p.id === paymentId);
  return payment.amount - (payment.amount_refunded ?? 0);
}
