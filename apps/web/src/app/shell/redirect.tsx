import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../ui/full-screen-message';

/** Navigates (replacing history) while saying 'Redirecting...' (docs/product.md#role-routing). */
export function Redirect({ to, state }: { to: string; state?: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true, state });
  }, [navigate, to, state]);
  return <LoadingScreen text={t('shell.redirecting')} />;
}
