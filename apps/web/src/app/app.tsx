import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { AuthProvider } from '../features/auth/context/auth-provider';
import { setSessionExpiredHandler } from '../lib/api-client';
import { i18n } from '../lib/i18n/i18n';
import { queryClient } from '../lib/query-client';
import { TOASTER_PROPS } from '../ui/toast';
import { appRouter } from './router';
import { CrashBoundary } from './shell/crash-screen';

// A refresh that fails signs the person out (the api-client already did) and sends them home, with every
// cached answer of the old session dropped.
setSessionExpiredHandler(() => {
  queryClient.clear();
  void appRouter().navigate('/', { replace: true });
});

export function App() {
  return (
    <CrashBoundary>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={appRouter()} />
            <Toaster {...TOASTER_PROPS} />
          </AuthProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </CrashBoundary>
  );
}
