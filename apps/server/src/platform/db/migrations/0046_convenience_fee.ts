import type { Kysely } from 'kysely';

// The organiser's convenience fee (docs/decisions/1405-convenience-fee.md).
// - tax_settings: the fee's basis ('none', 'fixed', 'percent'), its value (paise per ticket, or hundredths of a
//   percent of the ticket's price) and who pays it ('buyer' on top, 'organiser' absorbs it).
// - orders: the fee the buyer paid on top (part of amount_paise) and the rule it was priced under, so the order's
//   document has its own fee line and a called-off night's refunds give each ticket's own share back. Null: none.
// - refunds: the part of the refund that is the ticket's fee given back (0 for every refund but a call-off's).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tax_settings')
    .addColumn('convenience_fee_basis', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('tax_settings')
    .addColumn('convenience_fee_value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tax_settings')
    .addColumn('convenience_fee_paid_by', 'text', (c) => c.notNull().defaultTo('buyer'))
    .execute();
  await db.schema.alterTable('orders').addColumn('convenience_fee_paise', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('convenience_fee_rule', 'text').execute();
  await db.schema
    .alterTable('refunds')
    .addColumn('convenience_fee_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refunds').dropColumn('convenience_fee_paise').execute();
  await db.schema.alterTable('orders').dropColumn('convenience_fee_rule').execute();
  await db.schema.alterTable('orders').dropColumn('convenience_fee_paise').execute();
  for (const column of ['convenience_fee_paid_by', 'convenience_fee_value', 'convenience_fee_basis']) {
    await db.schema.alterTable('tax_settings').dropColumn(column).execute();
  }
}
