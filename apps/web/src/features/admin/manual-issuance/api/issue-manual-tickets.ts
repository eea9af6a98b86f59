import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ManualIssuance, manualIssuanceResponseSchema } from '@utsav/domain/api/issuance';
import { MANUAL_ISSUANCE_MESSAGES, manualIssuanceSchema } from '@utsav/domain/manual-issuance-schema';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';

export const MANUAL_MESSAGES = {
  noRecipient: MANUAL_ISSUANCE_MESSAGES.noRecipient,
  newUserFields: MANUAL_ISSUANCE_MESSAGES.incompleteNewUser,
  email: MANUAL_ISSUANCE_MESSAGES.email,
  quantity: MANUAL_ISSUANCE_MESSAGES.quantity,
  ticketType: MANUAL_ISSUANCE_MESSAGES.ticketType,
} as const;

/** POST /tickets/admin/issue-manual (docs/product.md#manual-issuance): the schema the server runs too. */
export { manualIssuanceSchema };
export type IssueManualInput = z.input<typeof manualIssuanceSchema>;

/**
 * What the success dialog shows and downloads: the recipient, the total, the ids of the tickets issued and the
 * sale's tax document (payment received), made with them.
 */
export type IssueManualResult = Pick<ManualIssuance, 'user' | 'totalAmount' | 'document'> & {
  ticketIds: string[];
};

export async function issueManualTickets(input: IssueManualInput): Promise<IssueManualResult> {
  const payload = manualIssuanceSchema.parse(input);
  // Blank names are dropped: the server gives those tickets the recipient's name (docs/product.md#manual-issuance).
  const body = await api.post<unknown>('/tickets/admin/issue-manual', {
    ...payload,
    ticketNames: payload.ticketNames.map((name) => name.trim()).filter((name) => name !== ''),
  });
  const { user, tickets, totalAmount, document } = manualIssuanceResponseSchema.parse(body);
  return { user, totalAmount, document, ticketIds: tickets.map((ticket) => ticket.id) };
}

export function useIssueManualTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueManualTickets,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['event'] }),
      ]),
  });
}
