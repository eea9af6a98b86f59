import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/context/auth-context';
import { PaymentSuccess } from '../../features/purchase/components/payment-success';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isVerifiedPayment } from '../../lib/verified-payment';
import type { PaymentSuccessState } from '../purchase/use-purchase-flow';
import { useNavigationActions } from '../shell/use-navigation-actions';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const { status } = useAuth();
  const { toDashboard } = useNavigationActions();
  useDocumentTitle(t('tickets.success.documentTitle'));
  const success = state as Partial<PaymentSuccessState> | null;
  // Only a payment verified in this tab earns the page; anything else goes to the dashboard, or home when
  // signed out (docs/product.md#payment-success).
  if (!isVerifiedPayment(success?.orderId)) {
    if (status === 'loading' || status === 'initializing') return null;
    return <Navigate to={status === 'signed-in' ? '/dashboard' : '/'} replace />;
  }
  const count = success?.count;
  // 'View My Tickets' goes to /dashboard, which forwards to the person's dashboard and scrolls to the tickets.
  return (
    <PaymentSuccess
      count={typeof count === 'number' && count > 0 ? count : null}
      onViewTickets={() => toDashboard(null, { scrollTo: 'tickets' })}
      onHome={() => navigate('/')}
    />
  );
}
