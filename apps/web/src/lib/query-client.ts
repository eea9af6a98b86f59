import { QueryClient } from '@tanstack/react-query';

// The api-client already retries requests that got no response (1 s, 2 s, 4 s); a second retry layer here
// would multiply them, so queries do not retry on their own.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 60_000,
    },
    mutations: { retry: false },
  },
});
