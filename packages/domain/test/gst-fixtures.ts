import type { GstRates, SaleLine } from '../src/gst';

// The rates and lines the GST suites share: an organiser in Maharashtra at 18% with prices including tax, the
// same registered in Gujarat (IGST), and one admission line.

export const MAHARASHTRA: GstRates = {
  registered: true,
  rateBasisPoints: 1800,
  exemptUpToPerPersonPaise: 50_000,
  pricesIncludeTax: true,
  supplierStateCode: '27',
  placeOfSupplyStateCode: '27',
};

export const FROM_GUJARAT: GstRates = { ...MAHARASHTRA, supplierStateCode: '24' };

export const admission = (amountPaise: number, quantity = 1, admits = 1): SaleLine => ({
  description: 'Entry',
  sacCode: '9996',
  quantity,
  amountPaise,
  admits,
  kind: 'admission',
});
