import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MANUAL_ISSUANCE_MESSAGES, manualIssuanceSchema } from '@utsav/domain/manual-issuance-schema';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';

export const MANUAL_MESSAGES = {
  noRecipient: MANUAL_ISSUANCE_MESSAGES.noRecipient,
  newUserFields: MANUAL_ISSUANCE_MESSAGES.incompleteNewUser,
  email: MANUAL_ISSUANCE_MESSAGES.email,
  quantity: MANUAL_ISSUANCE_MESSAGES.quantity,
} as const;

/** POST /tickets/admin/issue-manual (docs/product.md#manual-issuance): the schema the server runs too. */
export { manualIssuanceSchema };
export type IssueManualInput = z.input<typeof manualIssuanceSchema>;

export interface IssueManualResult {
  user: { name: string; email: string; isNewUser: boolean };
  ticketIds: string[];
  totalAmount: number;
}

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});

export async function issueManualTickets(input: IssueManualInput): Promise<IssueManualResult> {
  const payload = manualIssuanceSchema.parse(input);
  // Blank names are dropped: the server gives those tickets the recipient's name (docs/product.md#manual-issuance).
  const body = obj(
    await api.post<unknown>('/tickets/admin/issue-manual', {
      ...payload,
      ticketNames: payload.ticketNames.map((name) => name.trim()).filter((name) => name !== ''),
    }),
  );
  const data = body.user ? body : obj(body.data);
  const user = obj(data.user);
  const tickets = Array.isArray(data.tickets) ? data.tickets : [];
  return {
    user: {
      name: String(user.name ?? ''),
      email: String(user.email ?? ''),
      isNewUser: user.isNewUser === true,
    },
    ticketIds: tickets.map((ticket) => String(obj(ticket).id ?? obj(ticket)._id ?? '')).filter(Boolean),
    totalAmount: Number(data.totalAmount) || 0,
  };
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
