import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ticketNameSchema } from './manual-issuance-schema';

// PATCH /tickets/{id}/holder: a buyer names who a ticket is for ("for Anjali"), at purchase or later on My
// Tickets. The same rule as manual issuance's per-ticket names, from the same schema.

export const ticketHolderSchema = lazySchema(() => z.object({ holderName: ticketNameSchema }));

export type TicketHolderInput = z.infer<typeof ticketHolderSchema>;
