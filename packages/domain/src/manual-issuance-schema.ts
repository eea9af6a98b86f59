import { z } from 'zod';
import { EMAIL_PATTERN } from './auth-schemas';
import { NOTES_MAX_LENGTH } from './constants';
import { lazySchema } from './lazy-schema';
import { hasVisibleCharacter, NAME_MESSAGES } from './names';

// POST /tickets/admin/issue-manual (docs/product.md#manual-issuance). The issuance form and the server run this schema,
// so the messages are the product's, shown the same on both sides.

export const MANUAL_ISSUANCE_MESSAGES = {
  noRecipient: 'Please select a user or create a new one',
  incompleteNewUser: 'Please enter both name and email for new user',
  email: 'Please enter a valid email address',
  quantity: 'Please enter a valid quantity',
  notes: `Notes must be at most ${NOTES_MAX_LENGTH} characters`,
  name: 'Name must be at most 100 characters',
  invisibleName: NAME_MESSAGES.invisible,
  ticketType: 'Please choose a ticket type',
  free: 'free must be true or false',
} as const;

const M = MANUAL_ISSUANCE_MESSAGES;

/** Longest name printed on one ticket. */
export const TICKET_NAME_MAX_LENGTH = 100;

/**
 * The name on one ticket, as issuance and a buyer naming their own tickets both accept it: any text up to
 * 100 characters with something visible in it (names.ts); blank means the ticket carries its owner's name
 * (see ticketHolderNames).
 */
export const ticketNameSchema = lazySchema(() =>
  z
    .string({ error: M.name })
    .max(TICKET_NAME_MAX_LENGTH, M.name)
    .refine((name) => name.trim() === '' || hasVisibleCharacter(name), M.invisibleName),
);
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const manualIssuanceSchema = lazySchema(() =>
  z
    .object({
      userId: optionalText(64, 'userId is too long'),
      userName: optionalText(100, M.name),
      userEmail: optionalText(254, M.email),
      // No maximum: the server refuses only what the event's stock cannot cover.
      quantity: z.number({ error: M.quantity }).int(M.quantity).min(1, M.quantity).default(1),
      paymentDone: z.boolean({ error: 'paymentDone must be true or false' }).default(false),
      notes: z.string({ error: M.notes }).max(NOTES_MAX_LENGTH, M.notes).optional(),
      /** The type issued (hidden ones too: staff may issue them); absent: the event's default type. */
      ticketTypeId: z
        .string({ error: M.ticketType })
        .trim()
        .min(1, M.ticketType)
        .max(64, M.ticketType)
        .optional(),
      /** Issued at ₹0 (guests of the house); otherwise at the type's current price (manual-issuance-price.ts). */
      free: z.boolean({ error: M.free }).default(false),
      /** One per ticket in order; a blank (or missing) entry is printed with the recipient's name. */
      ticketNames: z.array(ticketNameSchema, { error: 'ticketNames must be a list' }).default([]),
    })
    .superRefine((input, context) => {
      if (input.userId) return;
      // A name that prints nothing is no name (names.ts).
      const name = input.userName && hasVisibleCharacter(input.userName) ? input.userName : '';
      const email = input.userEmail ?? '';
      if (!name && !email) {
        context.addIssue({ code: 'custom', path: ['userId'], message: M.noRecipient });
      } else if (!name || !email) {
        context.addIssue({
          code: 'custom',
          path: [name ? 'userEmail' : 'userName'],
          message: M.incompleteNewUser,
        });
      } else if (!EMAIL_PATTERN.test(email)) {
        context.addIssue({ code: 'custom', path: ['userEmail'], message: M.email });
      }
    }),
);

export type ManualIssuanceInput = z.infer<typeof manualIssuanceSchema>;

export type ManualRecipient =
  | { kind: 'existing'; userId: string }
  | { kind: 'new'; name: string; email: string };

/** Who the tickets are for: an existing user wins when both are sent (the form's mode decides what it sends). */
export function manualRecipient(input: ManualIssuanceInput): ManualRecipient {
  if (input.userId) return { kind: 'existing', userId: input.userId };
  return { kind: 'new', name: input.userName ?? '', email: (input.userEmail ?? '').toLowerCase() };
}

/** The name a ticket carries: the one given when not blank, else its owner's (or recipient's). */
export function holderNameOrOwner(given: string, ownerName: string): string {
  return given.trim() || ownerName;
}

/** The name printed on each ticket: its own entry when not blank, else the recipient's. */
export function ticketHolderNames(
  ticketNames: readonly string[],
  quantity: number,
  recipientName: string,
): string[] {
  return Array.from({ length: quantity }, (_, index) =>
    holderNameOrOwner(ticketNames[index] ?? '', recipientName),
  );
}
