import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

// GET and PUT /api/admin/tax-settings. Shapes only: the rules are ../tax-settings-schema and ../gstin.

/** The organiser's tax settings as they are answered (amounts in rupees). */
export const taxSettingsViewSchema = lazySchema(() =>
  z.object({
    registered: z.boolean(),
    gstin: z.string().nullable(),
    /** The first two digits of the GSTIN: the organiser's state. */
    stateCode: z.string().nullable(),
    legalName: z.string().nullable(),
    tradeName: z.string().nullable(),
    address: z.string().nullable(),
    sacCode: z.string(),
    sacDescription: z.string(),
    ratePercent: z.number(),
    /** Rupees. */
    exemptUpToPerPerson: z.number(),
    invoicePrefix: z.string(),
    pricesIncludeTax: z.boolean(),
    placeOfSupplyStateCode: z.string().nullable(),
    /** The convenience fee per paid ticket: none, fixed (rupees) or percent (of the ticket's price). */
    convenienceFeeBasis: z.enum(['none', 'fixed', 'percent']),
    /** Rupees (fixed) or a percentage (percent); 0 without a fee. */
    convenienceFeeAmount: z.number(),
    /** The buyer pays it on top of the tickets, or the organiser absorbs it. */
    convenienceFeePaidBy: z.enum(['buyer', 'organiser']),
  }),
);
export type TaxSettingsView = z.infer<typeof taxSettingsViewSchema>;

export const taxSettingsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    settings: taxSettingsViewSchema,
    /** null until an admin first saves them (the defaults are shown). */
    updatedAt: z.string().nullable(),
  }),
);
export type TaxSettingsAnswer = Omit<z.infer<typeof taxSettingsResponseSchema>, 'success'>;
