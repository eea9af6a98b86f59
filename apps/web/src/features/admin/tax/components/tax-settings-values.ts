import { checkGstin } from '@utsav/domain/gstin';
import { taxSettingsInputSchema } from '@utsav/domain/tax-settings-schema';
import { messagesByField } from '../../../../ui/gst-messages';
import type { TaxSettings } from '../api/tax-settings';

/** What the form holds: text as typed, so a half-typed rate or GSTIN stays as it is until it is checked. */
export interface TaxFormValues {
  registered: boolean;
  gstin: string;
  legalName: string;
  tradeName: string;
  address: string;
  sacCode: string;
  sacDescription: string;
  ratePercent: string;
  exemptUpToPerPerson: string;
  invoicePrefix: string;
  pricesIncludeTax: boolean;
  /** Not edited here (the event is held in the organiser's state): kept as stored. */
  placeOfSupplyStateCode: string | null;
  /** The convenience fee per paid ticket: none, rupees, or a percentage of the ticket's price. */
  convenienceFeeBasis: 'none' | 'fixed' | 'percent';
  convenienceFeeAmount: string;
  convenienceFeePaidBy: 'buyer' | 'organiser';
}

export type TaxTextField = Exclude<
  keyof TaxFormValues,
  | 'registered'
  | 'pricesIncludeTax'
  | 'placeOfSupplyStateCode'
  | 'convenienceFeeBasis'
  | 'convenienceFeePaidBy'
>;

export function taxFormValues(settings: TaxSettings): TaxFormValues {
  return {
    registered: settings.registered,
    gstin: settings.gstin ?? '',
    legalName: settings.legalName ?? '',
    tradeName: settings.tradeName ?? '',
    address: settings.address ?? '',
    sacCode: settings.sacCode,
    sacDescription: settings.sacDescription,
    ratePercent: String(settings.ratePercent),
    exemptUpToPerPerson: String(settings.exemptUpToPerPerson),
    invoicePrefix: settings.invoicePrefix,
    pricesIncludeTax: settings.pricesIncludeTax,
    placeOfSupplyStateCode: settings.placeOfSupplyStateCode,
    convenienceFeeBasis: settings.convenienceFeeBasis,
    convenienceFeeAmount:
      settings.convenienceFeeBasis === 'none' ? '' : String(settings.convenienceFeeAmount),
    convenienceFeePaidBy: settings.convenienceFeePaidBy,
  };
}

/** A typed number, or NaN for blank or not a number (the schema then names the field). */
function typedNumber(text: string): number {
  const trimmed = text.trim().replace(/,/g, '');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The PUT body: every field, blank optional ones as null. */
export function taxSettingsBody(values: TaxFormValues) {
  return {
    registered: values.registered,
    gstin: values.gstin.trim() || null,
    legalName: values.legalName,
    tradeName: values.tradeName,
    address: values.address,
    sacCode: values.sacCode,
    sacDescription: values.sacDescription,
    ratePercent: typedNumber(values.ratePercent),
    exemptUpToPerPerson: typedNumber(values.exemptUpToPerPerson),
    invoicePrefix: values.invoicePrefix,
    pricesIncludeTax: values.pricesIncludeTax,
    placeOfSupplyStateCode: values.placeOfSupplyStateCode,
    convenienceFeeBasis: values.convenienceFeeBasis,
    // Without a fee its amount is not asked for: 0, whatever was typed before choosing none.
    convenienceFeeAmount:
      values.convenienceFeeBasis === 'none' ? 0 : typedNumber(values.convenienceFeeAmount),
    convenienceFeePaidBy: values.convenienceFeePaidBy,
  };
}

/** The shared schema's messages per field (English sentences; the form shows them through the catalog). */
export function taxSettingsErrors(values: TaxFormValues): Record<string, string> {
  const parsed = taxSettingsInputSchema.safeParse(taxSettingsBody(values));
  return parsed.success ? {} : messagesByField(parsed.error.issues);
}

/** The state a valid GSTIN names ('27'), or null. */
export function gstinStateCode(gstin: string): string | null {
  const verdict = checkGstin(gstin);
  return verdict.ok ? verdict.stateCode : null;
}
