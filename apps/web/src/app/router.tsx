import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { LoadingScreen } from '../ui/full-screen-message';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';
import { RouteCrash } from './shell/crash-screen';
import { RootLayout } from './shell/root-layout';

/** Shown while the router gets the first page's data ready. */
function PageLoading() {
  const { t } = useTranslation();
  return <LoadingScreen text={t('shell.loading')} />;
}

/** A lazily imported page module whose default export is the page component. */
const page = (module: Promise<{ default: ComponentType }>) =>
  module.then((loaded) => ({ Component: loaded.default }));

const createRoutes = () =>
  createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteCrash />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        { index: true, element: <LandingPage /> },
        { path: 'dashboard', lazy: () => import('./routes/dashboard') },
        { path: 'dashboard/:role', lazy: () => import('./routes/role-dashboard') },
        { path: 'setup', lazy: () => import('./routes/setup') },
        { path: 'payment-success', lazy: () => import('./routes/payment-success') },
        { path: 'privacy-policy', lazy: () => page(import('../features/legal/pages/privacy-policy')) },
        {
          path: 'cancellation-policy',
          lazy: () => page(import('../features/legal/pages/cancellation-policy')),
        },
        { path: 'refund-policy', lazy: () => page(import('../features/legal/pages/refund-policy')) },
        { path: 'terms-of-service', lazy: () => page(import('../features/legal/pages/terms-of-service')) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The app's router, created on first use: creating it matches the address against the routes and starts the
 * first navigation, which main.tsx runs as a start-up step of its own (decision 1113), not inside the entry's
 * evaluation. The landing page is in the first chunk; every other page is fetched when first visited.
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createRoutes();
  return router;
}
