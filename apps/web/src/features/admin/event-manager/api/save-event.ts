import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedEventResponseSchema } from '@utsav/domain/api/event';
import { type EventInput, eventInputSchema } from '@utsav/domain/event-schema';
import { istDate } from '@utsav/domain/time';
import { api } from '../../../../lib/api-client';
import { SETUP_QUERY_KEY } from '../../../../lib/query-keys';

/** The body of POST /event and PUT /event, checked by the same schema the server runs (today in IST). */
export const saveEventSchema = () => eventInputSchema(istDate(new Date()));

/** `draft`: create it unpublished (the first run), so nothing is sold before the organiser publishes. */
export type SaveEventInput = { mode: 'create' | 'edit'; event: EventInput; draft?: boolean };

/** POST /event creates the one event, PUT /event edits it. */
export async function saveEvent({ mode, event, draft = false }: SaveEventInput) {
  const payload = saveEventSchema().parse(event);
  const body =
    mode === 'create'
      ? await api.post<unknown>('/event', draft ? { ...payload, published: false } : payload)
      : await api.put<unknown>('/event', payload);
  return savedEventResponseSchema.parse(body).data;
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEvent,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['event'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY }),
      ]),
  });
}
