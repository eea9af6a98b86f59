import { AlertTriangle, RotateCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../../ui/button';
import { takeOverStaticPage } from './static-page';

/** POST /api/log-error with the crash (docs/product.md#shell); the answer is ignored. */
export function reportCrash(error: unknown, errorInfo: { componentStack?: string | null } | null): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Unknown error');
  const payload = {
    error: { message: err.message, stack: err.stack ?? null, name: err.name },
    errorInfo: errorInfo ?? null,
    timestamp: new Date().toISOString(),
    url: window.location.href,
    userAgent: navigator.userAgent,
  };
  try {
    void fetch('/api/log-error', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting must never crash the crash screen.
  }
}

export function CrashScreen() {
  const { t } = useTranslation();
  // Not hidden behind a start page's pre-rendered first screen (its document hides #root while it shows).
  useLayoutEffect(takeOverStaticPage, []);
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-maroon-950 px-6 text-center text-cream"
    >
      <AlertTriangle aria-hidden="true" className="size-14 text-saffron-300" />
      <h1 className="font-display text-3xl sm:text-4xl">{t('errors.crash.title')}</h1>
      <p className="max-w-md text-maroon-100">{t('errors.crash.text')}</p>
      <Button
        size="lg"
        onClick={() => window.location.reload()}
        icon={<RotateCw aria-hidden="true" className="size-5" />}
      >
        {t('errors.crash.refresh')}
      </Button>
    </main>
  );
}

/** The router's error element: a render error inside any route lands here. */
export function RouteCrash() {
  const error = useRouteError();
  useEffect(() => {
    reportCrash(error, { componentStack: null });
  }, [error]);
  return <CrashScreen />;
}

/** Outermost boundary, for anything that fails outside the router (providers, the router itself). */
export class CrashBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, errorInfo: ErrorInfo) {
    reportCrash(error, { componentStack: errorInfo.componentStack ?? null });
  }

  override render() {
    return this.state.crashed ? <CrashScreen /> : this.props.children;
  }
}
