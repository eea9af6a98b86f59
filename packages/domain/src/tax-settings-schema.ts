import { z } from 'zod';
import { CONVENIENCE_FEE_LIMITS, type ConvenienceFeeRule } from './convenience-fee';
import type { GstRates } from './gst';
import { DOCUMENT_NUMBER_MESSAGES, INVOICE_PREFIX_PATTERN } from './gst-numbers';
import { checkGstin, GST_STATES } from './gstin';
import { lazySchema } from './lazy-schema';

// The organiser's tax settings (admin panel "Tax and invoices", GET/PUT /admin/tax-settings) and the buyer's GST
// details at checkout. One schema each, run by the form and by the server, so a message under a field is exactly
// what the server answers for it. Where the law leaves room (the rate, the exemption limit, whether prices include
// tax), the figure is a setting with the common case as its default, not a constant.

export const TAX_SETTINGS_MESSAGES = {
  gstin: 'The GSTIN is required',
  legalName: 'The legal name registered for GST is required',
  address: 'The registered address is required',
  sacCode: 'A SAC code has 4 to 6 digits (9996 for admission to events)',
  rate: 'The rate is a percentage from 0 to 28, with at most two decimals',
  exemptUpTo: 'The limit is an amount in rupees, 0 or more',
  placeOfSupply: 'Choose the state where the event is held',
  buyerLegalName: 'The legal name that goes with this GSTIN is required',
  buyerAddress: 'The address that goes with this GSTIN is required',
  feeFixed: 'A fixed fee is an amount in rupees from ₹0.01 to ₹10,000 per ticket, with at most two decimals',
  feePercent: 'A percentage fee is from 0.01% to 50% of the ticket price, with at most two decimals',
  tooLong: 'Must be at most {{max}} characters',
} as const;

const LIMITS = { name: 200, address: 500, sacDescription: 120 } as const;

const text = (max: number) => z.string().trim().max(max, TAX_SETTINGS_MESSAGES.tooLong);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** Rupees with at most two decimals, as a whole number of paise. */
const rupeesAsPaise = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(10_000_000, message)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, message)
    .transform((value) => Math.round(value * 100));

const gstinField = lazySchema(() =>
  z.string().transform((value, context) => {
    const verdict = checkGstin(value);
    if (verdict.ok) return verdict.gstin;
    context.addIssue({ code: 'custom', message: verdict.message });
    return z.NEVER;
  }),
);

export const taxSettingsInputSchema = lazySchema(() =>
  z
    .object({
      registered: z.boolean(),
      gstin: gstinField.nullish(),
      legalName: optionalText(LIMITS.name),
      tradeName: optionalText(LIMITS.name),
      address: optionalText(LIMITS.address),
      sacCode: z
        .string({ error: TAX_SETTINGS_MESSAGES.sacCode })
        .trim()
        .regex(/^\d{4,6}$/, TAX_SETTINGS_MESSAGES.sacCode)
        .default('9996'),
      sacDescription: text(LIMITS.sacDescription).default('Admission to a cultural event'),
      ratePercent: z
        .number({ error: TAX_SETTINGS_MESSAGES.rate })
        .min(0, TAX_SETTINGS_MESSAGES.rate)
        .max(28, TAX_SETTINGS_MESSAGES.rate)
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, TAX_SETTINGS_MESSAGES.rate)
        .default(18),
      exemptUpToPerPerson: rupeesAsPaise(TAX_SETTINGS_MESSAGES.exemptUpTo).default(50_000),
      invoicePrefix: z
        .string({ error: DOCUMENT_NUMBER_MESSAGES.prefix })
        .trim()
        .toUpperCase()
        .regex(INVOICE_PREFIX_PATTERN, DOCUMENT_NUMBER_MESSAGES.prefix)
        .default('INV'),
      pricesIncludeTax: z.boolean().default(true),
      /** Where the event is held; absent: the organiser's own state (from the GSTIN). */
      placeOfSupplyStateCode: z
        .string({ error: TAX_SETTINGS_MESSAGES.placeOfSupply })
        .refine((code) => code in GST_STATES, TAX_SETTINGS_MESSAGES.placeOfSupply)
        .nullish()
        .transform((value) => value ?? null),
      /** The convenience fee per paid ticket (@utsav/domain/convenience-fee): none, a fixed amount, or a percentage. */
      convenienceFeeBasis: z.enum(['none', 'fixed', 'percent']).default('none'),
      /** Rupees per ticket (fixed) or a percentage of the ticket's price (percent); ignored without a fee. */
      convenienceFeeAmount: z.number({ error: TAX_SETTINGS_MESSAGES.feeFixed }).default(0),
      /** Who pays it: the buyer on top of the tickets, or the organiser out of the price. */
      convenienceFeePaidBy: z.enum(['buyer', 'organiser']).default('buyer'),
    })
    .strict()
    .superRefine((settings, context) => {
      const feeProblem = convenienceFeeProblem(settings.convenienceFeeBasis, settings.convenienceFeeAmount);
      if (feeProblem)
        context.addIssue({ code: 'custom', path: ['convenienceFeeAmount'], message: feeProblem });
      if (!settings.registered) return;
      // A registered organiser's documents must carry these; an unregistered one's receipts need none of them.
      if (!settings.gstin)
        context.addIssue({ code: 'custom', path: ['gstin'], message: TAX_SETTINGS_MESSAGES.gstin });
      if (!settings.legalName) {
        context.addIssue({ code: 'custom', path: ['legalName'], message: TAX_SETTINGS_MESSAGES.legalName });
      }
      if (!settings.address) {
        context.addIssue({ code: 'custom', path: ['address'], message: TAX_SETTINGS_MESSAGES.address });
      }
    }),
);

export type TaxSettingsInput = z.output<typeof taxSettingsInputSchema>;

const hasTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Why a fee's amount is refused for its basis, or null when it stands. */
export function convenienceFeeProblem(basis: 'none' | 'fixed' | 'percent', amount: number): string | null {
  if (basis === 'none') return null;
  const [message, most] =
    basis === 'fixed'
      ? [TAX_SETTINGS_MESSAGES.feeFixed, CONVENIENCE_FEE_LIMITS.fixedPaise / 100]
      : [TAX_SETTINGS_MESSAGES.feePercent, CONVENIENCE_FEE_LIMITS.percentBasisPoints / 100];
  return Number.isFinite(amount) && amount > 0 && amount <= most && hasTwoDecimals(amount) ? null : message;
}

/** The fee the settings charge, as @utsav/domain/convenience-fee prices it; null: none. */
export function convenienceFeeRuleOf(
  settings: Pick<TaxSettingsInput, 'convenienceFeeBasis' | 'convenienceFeeAmount' | 'convenienceFeePaidBy'>,
): ConvenienceFeeRule | null {
  if (settings.convenienceFeeBasis === 'none') return null;
  return {
    basis: settings.convenienceFeeBasis,
    value: Math.round(settings.convenienceFeeAmount * 100),
    paidBy: settings.convenienceFeePaidBy,
  };
}

/** The rates a document is computed with, from stored settings: the state of supply defaults to the organiser's. */
export function gstRatesOf(settings: TaxSettingsInput): GstRates {
  const supplierStateCode = settings.gstin ? settings.gstin.slice(0, 2) : null;
  return {
    registered: settings.registered,
    rateBasisPoints: Math.round(settings.ratePercent * 100),
    exemptUpToPerPersonPaise: settings.exemptUpToPerPerson,
    pricesIncludeTax: settings.pricesIncludeTax,
    supplierStateCode,
    placeOfSupplyStateCode: settings.placeOfSupplyStateCode ?? supplierStateCode,
  };
}

/** The buyer's GST details at checkout (create-order's `buyerGstin`, `buyerLegalName`, `buyerAddress`). */
export const buyerTaxFields = {
  buyerGstin: gstinField.nullish(),
  buyerLegalName: optionalText(LIMITS.name),
  buyerAddress: optionalText(LIMITS.address),
};

/** The same fields in a checkout's payload: left out, they stay out of what it parses to. */
export const checkoutBuyerTaxFields = {
  buyerGstin: buyerTaxFields.buyerGstin,
  buyerLegalName: buyerTaxFields.buyerLegalName.optional(),
  buyerAddress: buyerTaxFields.buyerAddress.optional(),
};

/** A buyer who gives a GSTIN gives the legal name and address that go with it (for checkout schemas too). */
export function refineBuyerTaxDetails(
  buyer: {
    buyerGstin?: string | null | undefined;
    buyerLegalName?: string | null | undefined;
    buyerAddress?: string | null | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (!buyer.buyerGstin) return;
  if (!buyer.buyerLegalName) {
    context.addIssue({
      code: 'custom',
      path: ['buyerLegalName'],
      message: TAX_SETTINGS_MESSAGES.buyerLegalName,
    });
  }
  if (!buyer.buyerAddress) {
    context.addIssue({
      code: 'custom',
      path: ['buyerAddress'],
      message: TAX_SETTINGS_MESSAGES.buyerAddress,
    });
  }
}

export const buyerTaxDetailsSchema = lazySchema(() =>
  z.object(buyerTaxFields).superRefine(refineBuyerTaxDetails),
);

export type BuyerTaxDetails = z.output<typeof buyerTaxDetailsSchema>;

type BuyerTaxField = keyof typeof buyerTaxFields;

/** The details as a business buyer typed them, by create-order's names. */
export interface BusinessBuyerInput {
  buyerGstin: string;
  buyerLegalName: string;
  buyerAddress: string;
}

// The legal name and address judged as when a GSTIN is given, whatever the GSTIN's own verdict.
const withGstinGiven = lazySchema(() =>
  z
    .object({
      buyerGstin: z.string(),
      buyerLegalName: buyerTaxFields.buyerLegalName,
      buyerAddress: buyerTaxFields.buyerAddress,
    })
    .superRefine(refineBuyerTaxDetails),
);

/**
 * Every refused field of a business buyer's details at once (the purchase dialog's "I need a GST invoice for my
 * business"), by create-order's names: a form shows them together, where a parse of `buyerTaxDetailsSchema` stops
 * at a GSTIN that does not check out. The buyer asked for the invoice, so the GSTIN is required too. Empty: the
 * details pass `buyerTaxDetailsSchema`, as the server runs it.
 */
export function businessBuyerErrors(input: BusinessBuyerInput): Partial<Record<BuyerTaxField, string>> {
  const errors: Partial<Record<BuyerTaxField, string>> = {};
  const add = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    for (const issue of issues) errors[issue.path[0] as BuyerTaxField] ??= issue.message;
  };
  if (input.buyerGstin.trim() === '') errors.buyerGstin = TAX_SETTINGS_MESSAGES.gstin;
  const fields = z.object(buyerTaxFields).safeParse(input);
  if (!fields.success) add(fields.error.issues);
  const given = withGstinGiven.safeParse({ ...input, buyerGstin: 'given' });
  if (!given.success) add(given.error.issues);
  return errors;
}
