import type { Db } from '../platform/db/database';
import type { TaxSettingsRow } from '../platform/db/schema-tax';

// The organiser's tax settings' one row: written by the tax-documents module, read by its documents and by
// GET /event (whether the purchase dialog offers a business's GST details). SQL only.

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
