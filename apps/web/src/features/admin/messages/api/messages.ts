import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type GuestMessageDetail,
  type GuestMessagePreviewAnswer,
  type GuestMessageSummary,
  guestMessageAnswerSchema,
  guestMessageListAnswerSchema,
  guestMessagePreviewAnswerSchema,
} from '@utsav/domain/api/messages';
import { guestMessageRequestSchema } from '@utsav/domain/guest-messages';
import type { Language } from '@utsav/domain/languages';
import { api } from '../../../../lib/api-client';

export type { GuestMessageSummary };

export const MESSAGES_QUERY_KEY = ['admin', 'messages'] as const;

/** While any message still has mails queued, the list is read again this often (the counts move). */
export const MESSAGES_POLL_MS = 3000;

/** GET /admin/messages: newest first, each with its queued / sent / failed. */
export async function getMessages(signal?: AbortSignal): Promise<GuestMessageSummary[]> {
  return guestMessageListAnswerSchema.parse(await api.get<unknown>('/admin/messages', { signal })).messages;
}

export function useMessages() {
  return useQuery({
    queryKey: MESSAGES_QUERY_KEY,
    queryFn: ({ signal }) => getMessages(signal),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((message) => message.queued > 0) ? MESSAGES_POLL_MS : false,
  });
}

/** POST /admin/messages/preview: how many it reaches now, and the email in `language`. */
export async function previewMessage({
  message,
  language,
}: {
  message: unknown;
  language: Language;
}): Promise<Omit<GuestMessagePreviewAnswer, 'success'>> {
  const payload = guestMessageRequestSchema.parse(message);
  const answer = guestMessagePreviewAnswerSchema.parse(
    await api.post<unknown>(`/admin/messages/preview?language=${language}`, payload),
  );
  return { recipients: answer.recipients, email: answer.email };
}

export function usePreviewMessage() {
  return useMutation({ mutationFn: previewMessage });
}

/** POST /admin/messages: queued for its audience, or (test) for the admin alone. */
export async function sendMessage(message: unknown): Promise<GuestMessageDetail> {
  const payload = guestMessageRequestSchema.parse(message);
  return guestMessageAnswerSchema.parse(await api.post<unknown>('/admin/messages', payload)).message;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY }),
  });
}
