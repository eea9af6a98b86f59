import type { TaxSettingsAnswer, TaxSettingsView } from '@utsav/domain/api/tax';
import {
  convenienceFeeRuleOf,
  type TaxSettingsInput,
  taxSettingsInputSchema,
} from '@utsav/domain/tax-settings-schema';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import type { TaxSettingsRow } from '../../platform/db/schema-tax';
import { fromZodError, validationError } from '../../platform/errors';
import {
  bumpSalesVersions,
  findTaxSettingsRow,
  saveTaxSettingsRow,
  TAX_SETTINGS_ROW_ID,
} from '../../stores/tax-settings';

// The organiser's tax settings (GET/PUT /admin/tax-settings): one row, saved whole, validated by the schema the
// admin form runs too. Documents read the settings when they are issued and copy what they show, so a change
// applies to documents issued afterwards and never to one issued before.

const PRICES_BEFORE_TAX = 'Prices must include tax: the checkout charges the price list as it is';

/** The settings before an admin saves any: not registered, the law's figures as the schema's defaults. */
const DEFAULTS: TaxSettingsInput = taxSettingsInputSchema.parse({ registered: false });

/** The settings as the rules read them (@utsav/domain/tax-settings-schema gstRatesOf): money in paise. */
export function settingsOfRow(row: TaxSettingsRow | undefined): TaxSettingsInput {
  if (!row) return DEFAULTS;
  return {
    registered: row.registered === 1,
    gstin: row.gstin,
    legalName: row.legal_name,
    tradeName: row.trade_name,
    address: row.address,
    sacCode: row.sac_code,
    sacDescription: row.sac_description,
    ratePercent: Number(row.rate_basis_points) / 100,
    exemptUpToPerPerson: Number(row.exempt_up_to_per_person_paise),
    invoicePrefix: row.invoice_prefix,
    pricesIncludeTax: row.prices_include_tax === 1,
    placeOfSupplyStateCode: row.place_of_supply_state_code,
    convenienceFeeBasis: row.convenience_fee_basis ?? 'none',
    convenienceFeeAmount: Number(row.convenience_fee_value ?? 0) / 100,
    convenienceFeePaidBy: row.convenience_fee_paid_by ?? 'buyer',
  };
}

export async function currentTaxSettings(db: Db): Promise<TaxSettingsInput> {
  return settingsOfRow(await findTaxSettingsRow(db));
}

function toView(settings: TaxSettingsInput): TaxSettingsView {
  return {
    registered: settings.registered,
    gstin: settings.gstin ?? null,
    stateCode: settings.gstin ? settings.gstin.slice(0, 2) : null,
    legalName: settings.legalName,
    tradeName: settings.tradeName,
    address: settings.address,
    sacCode: settings.sacCode,
    sacDescription: settings.sacDescription,
    ratePercent: settings.ratePercent,
    exemptUpToPerPerson: settings.exemptUpToPerPerson / 100,
    invoicePrefix: settings.invoicePrefix,
    pricesIncludeTax: settings.pricesIncludeTax,
    placeOfSupplyStateCode: settings.placeOfSupplyStateCode,
    convenienceFeeBasis: settings.convenienceFeeBasis,
    convenienceFeeAmount: settings.convenienceFeeBasis === 'none' ? 0 : settings.convenienceFeeAmount,
    convenienceFeePaidBy: settings.convenienceFeePaidBy,
  };
}

/** GET /admin/tax-settings: as saved, or the defaults (not registered) before the first save. */
export async function taxSettings(ctx: AppContext): Promise<TaxSettingsAnswer> {
  const row = await findTaxSettingsRow(ctx.db);
  return { settings: toView(settingsOfRow(row)), updatedAt: row?.updated_at ?? null };
}

/** PUT /admin/tax-settings: the whole settings, validated field by field. */
export async function saveTaxSettings(
  ctx: AppContext,
  caller: UserRow,
  body: unknown,
): Promise<TaxSettingsAnswer> {
  const parsed = taxSettingsInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  // The checkout charges the price list, and a document's total must be what was charged: until the checkout adds
  // the tax on top, prices before tax would make documents that do not match the payments.
  if (!input.pricesIncludeTax)
    throw validationError([{ field: 'pricesIncludeTax', message: PRICES_BEFORE_TAX }]);
  const now = ctx.now();
  const row: TaxSettingsRow = {
    id: TAX_SETTINGS_ROW_ID,
    registered: input.registered ? 1 : 0,
    gstin: input.gstin ?? null,
    legal_name: input.legalName,
    trade_name: input.tradeName,
    address: input.address,
    sac_code: input.sacCode,
    sac_description: input.sacDescription,
    rate_basis_points: Math.round(input.ratePercent * 100),
    exempt_up_to_per_person_paise: input.exemptUpToPerPerson,
    invoice_prefix: input.invoicePrefix,
    prices_include_tax: input.pricesIncludeTax ? 1 : 0,
    place_of_supply_state_code: input.placeOfSupplyStateCode,
    convenience_fee_basis: input.convenienceFeeBasis,
    convenience_fee_value:
      input.convenienceFeeBasis === 'none' ? 0 : Math.round(input.convenienceFeeAmount * 100),
    convenience_fee_paid_by: input.convenienceFeePaidBy,
    updated_by: caller.id,
    updated_at: now.toISOString(),
  };
  await transaction(ctx.db, async (trx) => {
    const current = await findTaxSettingsRow(trx);
    await saveTaxSettingsRow(trx, row);
    // The convenience fee is part of the price list a hold is priced on: moving every event's sales_version makes
    // each instance read it again with the types (purchase/sales-catalogue.ts), as an edit of the types does.
    await bumpSalesVersions(trx);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: current ? 'tax-settings.updated' : 'tax-settings.created',
        entity: 'tax_settings',
        entityId: TAX_SETTINGS_ROW_ID,
        data: {
          registered: input.registered,
          gstin: input.gstin ?? null,
          convenienceFee: convenienceFeeRuleOf(input),
        },
      },
      now,
    );
  });
  return taxSettings(ctx);
}
