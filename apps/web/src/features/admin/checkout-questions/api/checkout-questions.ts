import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CheckoutQuestionsResponse,
  checkoutQuestionsResponseSchema,
} from '@utsav/domain/api/checkout-questions';
import { api } from '../../../../lib/api-client';
import { EVENT_QUERY_KEY } from '../../../../lib/query-keys';

const QUESTIONS_KEY = ['admin', 'checkout-questions'] as const;

async function getQuestions(signal?: AbortSignal): Promise<CheckoutQuestionsResponse> {
  return checkoutQuestionsResponseSchema.parse(
    await api.get<unknown>('/admin/checkout-questions', { signal }),
  );
}

export function useCheckoutQuestions() {
  return useQuery(
    queryOptions({ queryKey: QUESTIONS_KEY, queryFn: ({ signal }) => getQuestions(signal), staleTime: 0 }),
  );
}

/** PUT /admin/checkout-questions: the whole list; the purchase dialog asks the new one once the event is read again. */
export function useSaveCheckoutQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: unknown) =>
      checkoutQuestionsResponseSchema.parse(await api.put<unknown>('/admin/checkout-questions', body)),
    onSuccess: (saved) => {
      queryClient.setQueryData(QUESTIONS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY });
    },
  });
}
