import { QueryClient } from '@tanstack/react-query';

// The api-client already retries requests that got no response (1 s, 2 s, 4 s); a second retry layer here
// would multiply them, so queries do not retry on their own.
//
// networkMode 'always': TanStack's default ('online') pauses every query and mutation while the browser
// says it is offline and runs them when the connection returns. A paused 'Pay' would then open the
// payment window by itself minutes later, and 'Refreshing…' would spin with no message. Offline, a call
// fails like any other without a response: three retries, then the network message (docs/product.md#errors).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 60_000,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
