import type { ConvenienceFeeRule } from '@utsav/domain/convenience-fee';
import type { Db } from '../platform/db/database';
import type { TaxSettingsRow } from '../platform/db/schema-tax';

// The organiser's tax settings' one row: written by the tax-documents module, read by its documents and by
// GET /event (whether the purchase dialog offers a business's GST details, and the convenience fee it shows) and by
// the checkout's price list (the fee). SQL, and the fee's columns read as the rule they are.

export const TAX_SETTINGS_ROW_ID = 'tax';

export function findTaxSettingsRow(db: Db): Promise<TaxSettingsRow | undefined> {
  return db.selectFrom('tax_settings').selectAll().where('id', '=', TAX_SETTINGS_ROW_ID).executeTakeFirst();
}

/** Inserts the row or replaces every column of it: the settings are always saved whole. */
export async function saveTaxSettingsRow(db: Db, row: TaxSettingsRow): Promise<void> {
  const { id: _id, ...columns } = row;
  await db
    .insertInto('tax_settings')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(columns))
    .execute();
}

/** Every event's price list counts as changed (events.sales_version), so instances read the settings' fee again. */
export async function bumpSalesVersions(db: Db): Promise<void> {
  await db
    .updateTable('events')
    .set((eb) => ({ sales_version: eb('sales_version', '+', 1) }))
    .execute();
}

export type FeeColumns = Pick<
  TaxSettingsRow,
  'convenience_fee_basis' | 'convenience_fee_value' | 'convenience_fee_paid_by'
>;

/** The convenience fee the settings' row charges (read by the checkout's price list and by GET /event). */
export function feeRuleOfRow(row: FeeColumns | undefined): ConvenienceFeeRule | null {
  if (!row?.convenience_fee_basis || row.convenience_fee_basis === 'none') return null;
  return {
    basis: row.convenience_fee_basis,
    value: Number(row.convenience_fee_value ?? 0),
    paidBy: row.convenience_fee_paid_by ?? 'buyer',
  };
}
