import { AUTH_BANNER_CLEAR_MS, AUTH_BANNER_MS } from '@utsav/domain/constants';
import { AlertTriangle, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '../context/auth-context';

/**
 * 'Authentication Error' banner (docs/product.md#sign-in): shows the auth message at the top, hides after 5 s with a
 * draining progress bar, can be closed, and clears the error 300 ms after hiding (the exit transition).
 */
export function AuthErrorBanner() {
  const { error, clearError } = useAuth();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!error) return;
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), AUTH_BANNER_MS);
    return () => clearTimeout(timer);
  }, [error]);

  useEffect(() => {
    if (visible || !error) return;
    const timer = setTimeout(clearError, AUTH_BANNER_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [visible, error, clearError]);

  if (!error) return null;

  return (
    <div
      role="alert"
      className={`fixed inset-x-0 top-18 z-50 mx-auto w-[min(100%-1.5rem,36rem)] transition-[opacity,transform] duration-300 ${
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none -translate-y-3 opacity-0'
      }`}
    >
      <div className="relative overflow-hidden rounded-xl border border-rose-300/50 bg-rose-950 text-rose-50 shadow-2xl">
        <div className="flex items-start gap-3 px-4 py-3">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose-300" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">Authentication Error</p>
            <p className="text-sm text-rose-100">{error}</p>
          </div>
          <button
            type="button"
            onClick={() => setVisible(false)}
            aria-label="Close authentication error"
            className="-m-1 rounded-full p-1 text-rose-200 hover:bg-rose-900 hover:text-white"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {visible ? (
          <div
            aria-hidden="true"
            className="h-1 origin-left animate-drain bg-rose-300 motion-reduce:hidden"
            style={{ animationDuration: `${AUTH_BANNER_MS}ms` }}
          />
        ) : null}
      </div>
    </div>
  );
}
