import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/context/auth-context';
import { LoadingScreen } from '../../ui/full-screen-message';
import { Redirect } from '../shell/redirect';

/** /dashboard: the signed-in person's own role dashboard (navigation state, e.g. scroll to tickets, is kept). */
export function Component() {
  const { t } = useTranslation();
  const { status, role } = useAuth();
  const { state } = useLocation();
  if (status === 'loading' || status === 'initializing')
    return <LoadingScreen text={t('shell.loadingDashboard')} />;
  if (status === 'signed-out' || !role) return <Navigate to="/" replace />;
  return <Redirect to={`/dashboard/${role}`} state={state} />;
}
