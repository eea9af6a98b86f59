import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage, isAbortError } from '../../../../lib/api-client';
import { Button, buttonClasses } from '../../../../ui/button';
import { FullScreenMessage, LoadingScreen } from '../../../../ui/full-screen-message';
import { assignAdmin } from '../api/assign-admin';

type Phase = 'requesting' | 'refused' | 'failed' | 'manual-refused';

/** The server said no (403 and other 4xx): the person is not eligible, as opposed to an unreachable server. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/**
 * Shown by the admin dashboard to a signed-in user who is neither admin nor manager. Opening the admin view
 * requests the admin role once, automatically (docs/product.md#admin-dashboard); the server grants it only to a fresh
 * install's first admin or an ADMIN_EMAILS address. A refusal follows the routing rule (back to the
 * person's own dashboard); when the request could not be made, 'Admin Access Required' offers a retry.
 */
export function AdminAccessGate({
  onGranted,
  refusedRedirect,
  guestDashboardPath,
}: {
  onGranted: () => Promise<void>;
  refusedRedirect: ReactNode;
  guestDashboardPath: string;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('requesting');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  const request = useCallback(
    async (manual: boolean) => {
      setBusy(true);
      try {
        await assignAdmin();
        await onGranted();
      } catch (error) {
        if (isAbortError(error)) return;
        setMessage(errorMessage(error));
        if (isRefusal(error)) setPhase(manual ? 'manual-refused' : 'refused');
        else setPhase('failed');
      } finally {
        setBusy(false);
      }
    },
    [onGranted],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void request(false);
  }, [request]);

  if (phase === 'requesting') return <LoadingScreen text={t('admin.access.loading')} />;
  if (phase === 'refused') return <>{refusedRedirect}</>;

  return (
    <FullScreenMessage
      icon={<ShieldAlert aria-hidden="true" className="size-14" />}
      title={t('admin.access.title')}
      actions={
        <>
          <Button size="lg" loading={busy} onClick={() => void request(true)}>
            {t('admin.access.request')}
          </Button>
          <Link to={guestDashboardPath} className={buttonClasses('secondary', 'lg')}>
            {t('admin.access.guestDashboard')}
          </Link>
        </>
      }
    >
      <p className="text-lg font-semibold text-rose-200">{t('admin.access.denied')}</p>
      <p className="mt-2">{t('admin.access.text')}</p>
      {message ? (
        <p role="alert" className="mt-3 text-sm text-maroon-200">
          {message}
        </p>
      ) : null}
    </FullScreenMessage>
  );
}
