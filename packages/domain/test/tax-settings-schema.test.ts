import { describe, expect, it } from 'vitest';
import { DOCUMENT_NUMBER_MESSAGES } from '../src/gst-numbers';
import { GSTIN_MESSAGES } from '../src/gstin';
import {
  businessBuyerErrors,
  buyerTaxDetailsSchema,
  gstRatesOf,
  TAX_SETTINGS_MESSAGES,
  taxSettingsInputSchema,
} from '../src/tax-settings-schema';

const REGISTERED = {
  registered: true,
  gstin: '27aapfu0939f1zv',
  legalName: 'Navratri Utsav Events LLP',
  address: 'Andheri West, Mumbai 400053',
};

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('tax settings', () => {
  it('fills the common case: 18%, exempt up to ₹500 a person, prices include tax, SAC 9996', () => {
    const settings = taxSettingsInputSchema.parse(REGISTERED);
    expect(settings).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      ratePercent: 18,
      exemptUpToPerPerson: 50_000,
      pricesIncludeTax: true,
      sacCode: '9996',
      invoicePrefix: 'INV',
      placeOfSupplyStateCode: null,
    });
    expect(gstRatesOf(settings)).toEqual({
      registered: true,
      rateBasisPoints: 1800,
      exemptUpToPerPersonPaise: 50_000,
      pricesIncludeTax: true,
      supplierStateCode: '27',
      placeOfSupplyStateCode: '27',
    });
  });

  it('asks a registered organiser for the GSTIN, legal name and address, each under its field', () => {
    expect(fieldErrors(taxSettingsInputSchema.safeParse({ registered: true }))).toEqual({
      gstin: 'The GSTIN is required',
      legalName: TAX_SETTINGS_MESSAGES.legalName,
      address: TAX_SETTINGS_MESSAGES.address,
    });
  });

  it('asks an unregistered organiser for nothing', () => {
    const settings = taxSettingsInputSchema.parse({ registered: false });
    expect(gstRatesOf(settings)).toMatchObject({ registered: false, supplierStateCode: null });
  });

  it('says which part of a GSTIN is wrong', () => {
    const result = taxSettingsInputSchema.safeParse({ ...REGISTERED, gstin: '27AAPFU0939F1ZW' });
    expect(fieldErrors(result)).toEqual({ gstin: GSTIN_MESSAGES.check });
  });

  it('refuses rates, limits and prefixes outside what documents can carry', () => {
    const result = taxSettingsInputSchema.safeParse({
      ...REGISTERED,
      ratePercent: 18.005,
      exemptUpToPerPerson: -1,
      invoicePrefix: 'TOOLONG',
      sacCode: '99',
    });
    expect(fieldErrors(result)).toEqual({
      ratePercent: TAX_SETTINGS_MESSAGES.rate,
      exemptUpToPerPerson: TAX_SETTINGS_MESSAGES.exemptUpTo,
      invoicePrefix: DOCUMENT_NUMBER_MESSAGES.prefix,
      sacCode: TAX_SETTINGS_MESSAGES.sacCode,
    });
  });

  it('takes rupees with paise and a prefix in any case', () => {
    const settings = taxSettingsInputSchema.parse({
      ...REGISTERED,
      exemptUpToPerPerson: 500.5,
      invoicePrefix: 'raas',
    });
    expect(settings).toMatchObject({ exemptUpToPerPerson: 50_050, invoicePrefix: 'RAAS' });
  });

  it('uses another state of supply when the event is held elsewhere', () => {
    const settings = taxSettingsInputSchema.parse({ ...REGISTERED, placeOfSupplyStateCode: '24' });
    expect(gstRatesOf(settings)).toMatchObject({ supplierStateCode: '27', placeOfSupplyStateCode: '24' });
    expect(
      fieldErrors(taxSettingsInputSchema.safeParse({ ...REGISTERED, placeOfSupplyStateCode: '42' })),
    ).toEqual({
      placeOfSupplyStateCode: TAX_SETTINGS_MESSAGES.placeOfSupply,
    });
  });

  it('refuses fields it does not know', () => {
    expect(taxSettingsInputSchema.safeParse({ ...REGISTERED, rate: 18 }).success).toBe(false);
  });
});

describe("the buyer's GST details", () => {
  it('are optional', () => {
    expect(buyerTaxDetailsSchema.parse({})).toEqual({
      buyerGstin: undefined,
      buyerLegalName: null,
      buyerAddress: null,
    });
  });

  it('need a legal name and address with a GSTIN', () => {
    expect(fieldErrors(buyerTaxDetailsSchema.safeParse({ buyerGstin: '29AAGCB7383J1Z4' }))).toEqual({
      buyerLegalName: TAX_SETTINGS_MESSAGES.buyerLegalName,
      buyerAddress: TAX_SETTINGS_MESSAGES.buyerAddress,
    });
  });

  it('check the GSTIN the same way', () => {
    const result = buyerTaxDetailsSchema.safeParse({
      buyerGstin: '29AAGCB7383J1Z5',
      buyerLegalName: 'A',
      buyerAddress: 'B',
    });
    expect(fieldErrors(result)).toEqual({ buyerGstin: GSTIN_MESSAGES.check });
    const ok = buyerTaxDetailsSchema.parse({
      buyerGstin: '29aagcb7383j1z4',
      buyerLegalName: 'Acme',
      buyerAddress: 'Pune',
    });
    expect(ok.buyerGstin).toBe('29AAGCB7383J1Z4');
  });
});

describe("a business buyer's details, as the purchase dialog checks them", () => {
  const complete = {
    buyerGstin: '29AAGCB7383J1Z4',
    buyerLegalName: 'Bengaluru Dance Company Pvt Ltd',
    buyerAddress: '1 MG Road, Bengaluru 560001',
  };

  it('complete and checking out: no error, and the shared schema takes them', () => {
    expect(businessBuyerErrors(complete)).toEqual({});
    expect(buyerTaxDetailsSchema.safeParse(complete).success).toBe(true);
    expect(businessBuyerErrors({ ...complete, buyerGstin: ' 29aagcb7383j1z4 ' })).toEqual({});
  });

  it('a GSTIN that does not check out and the missing name and address are all refused at once', () => {
    expect(
      businessBuyerErrors({ buyerGstin: '29AAGCB7383J1Z5', buyerLegalName: ' ', buyerAddress: '' }),
    ).toEqual({
      buyerGstin: GSTIN_MESSAGES.check,
      buyerLegalName: TAX_SETTINGS_MESSAGES.buyerLegalName,
      buyerAddress: TAX_SETTINGS_MESSAGES.buyerAddress,
    });
  });

  it('the GSTIN is required (the buyer asked for the invoice); a short one says how long it is', () => {
    expect(businessBuyerErrors({ ...complete, buyerGstin: '' })).toEqual({
      buyerGstin: TAX_SETTINGS_MESSAGES.gstin,
    });
    expect(businessBuyerErrors({ ...complete, buyerGstin: '29AAGCB' })).toEqual({
      buyerGstin: GSTIN_MESSAGES.length,
    });
  });

  it('a name or address over its limit is refused by its field', () => {
    expect(businessBuyerErrors({ ...complete, buyerLegalName: 'x'.repeat(201) })).toEqual({
      buyerLegalName: TAX_SETTINGS_MESSAGES.tooLong,
    });
    expect(businessBuyerErrors({ ...complete, buyerAddress: 'x'.repeat(501) })).toEqual({
      buyerAddress: TAX_SETTINGS_MESSAGES.tooLong,
    });
  });
});
