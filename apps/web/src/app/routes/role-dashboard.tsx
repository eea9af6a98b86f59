import { SCROLL_TO_TICKETS_DELAY_MS } from '@utsav/domain/constants';
import { isRole, isStaff, type Role } from '@utsav/domain/roles';
import { CircleAlert } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../features/auth/context/auth-context';
import { canOpenGateOffline } from '../../features/scanner/checkin/gate-device';
import { scrollToSection } from '../../lib/scroll';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { FullScreenMessage, LoadingScreen } from '../../ui/full-screen-message';
import { Redirect } from '../shell/redirect';
import { StaticPageTakeover } from '../shell/static-page';
import type { DashboardNavState } from '../shell/use-navigation-actions';

// One chunk per role: a guest never downloads the admin dashboard, nor a checker the guest one.
const GuestView = lazy(() => import('./guest-view'));
const AdminDashboard = lazy(() => import('./admin-view'));
const ScannerDashboard = lazy(() => import('../../features/scanner/components/scanner-dashboard'));

function InvalidRole() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <FullScreenMessage
      icon={<CircleAlert aria-hidden="true" className="size-14" />}
      title={t('shell.invalidRole.title')}
      actions={
        <Button size="lg" onClick={() => navigate('/')}>
          {t('shell.notFound.home')}
        </Button>
      }
    >
      <p>{t('shell.invalidRole.text')}</p>
    </FullScreenMessage>
  );
}

function StaffView({ role }: { role: Role }) {
  const { user, refreshUser } = useAuth();
  const { state } = useLocation();
  const view = (state as DashboardNavState | null)?.view;
  return (
    <AdminDashboard
      role={role}
      name={user?.name ?? ''}
      highlight={view}
      onAccessGranted={async () => {
        await refreshUser();
      }}
      refusedRedirect={<Redirect to={`/dashboard/${role}`} />}
      guestDashboardPath="/dashboard/guest"
    />
  );
}

function useScrollToTicketsOnArrival() {
  const location = useLocation();
  const scrollTo = (location.state as DashboardNavState | null)?.scrollTo;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (location.key) asks again.
  useEffect(() => {
    if (scrollTo !== 'tickets') return;
    let cancelScroll = () => {};
    const timer = setTimeout(() => {
      cancelScroll = scrollToSection('tickets');
    }, SCROLL_TO_TICKETS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      cancelScroll();
    };
  }, [location.key, scrollTo]);
}

/**
 * /dashboard/:role with the routing rules (docs/product.md#role-routing): an unknown role shows 'Invalid Role'; signed-out
 * visitors go to /; a role that is not the person's own redirects to their own dashboard. Admins and managers
 * may also open the scanner (/dashboard/qrchecker). The one exception is the admin view, which a non-staff user may open: it asks the server for the admin role once and
 * falls back to the redirect when the server refuses.
 */
export function Component() {
  const { t } = useTranslation();
  const { role: requested } = useParams();
  const { status, role, identityUser } = useAuth();
  const { state } = useLocation();
  useScrollToTicketsOnArrival();
  useDocumentTitle(t('shell.menu.dashboard'));

  if (!isRole(requested)) return <InvalidRole />;
  // A gate phone without network cannot confirm the session, but its scanner works from the stored list.
  const gateOffline = requested === 'qrchecker' && canOpenGateOffline(status, identityUser !== null);
  if (!gateOffline && (status === 'loading' || status === 'initializing'))
    return <LoadingScreen text={t('shell.loadingDashboard')} />;
  if (!gateOffline && (status === 'signed-out' || !role)) return <Navigate to="/" replace />;

  let content: ReactNode;
  if (gateOffline || !role) content = <ScannerDashboard />;
  else if (requested === 'admin' && !isStaff(role)) content = <StaffView role={role} />;
  // Admins and managers may cover a gate themselves (the server lets staff check in).
  else if (requested === 'qrchecker' && isStaff(role)) content = <ScannerDashboard />;
  else if (requested !== role) return <Redirect to={`/dashboard/${role}`} state={state} />;
  else if (role === 'guest') content = <GuestView />;
  else if (role === 'qrchecker') content = <ScannerDashboard />;
  else content = <StaffView role={role} />;

  // The page's first commit takes the pre-rendered first screen away (the start page's own document's), never a loading state.
  return (
    <Suspense fallback={<LoadingScreen text={t('shell.loadingDashboard')} />}>
      <StaticPageTakeover />
      {content}
    </Suspense>
  );
}
