import { useLocation, useNavigate } from 'react-router';
import { PaymentSuccess } from '../../features/tickets/components/payment-success';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNavigationActions } from '../shell/use-navigation-actions';
import type { PaymentSuccessState } from '../shell/use-purchase-flow';

export function Component() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const { toDashboard } = useNavigationActions();
  useDocumentTitle('Payment Successful');
  const count = (state as PaymentSuccessState | null)?.count;
  // 'View My Tickets' goes to /dashboard, which forwards to the person's dashboard and scrolls to the tickets.
  return (
    <PaymentSuccess
      count={typeof count === 'number' && count > 0 ? count : null}
      onViewTickets={() => toDashboard(null, { scrollTo: 'tickets' })}
      onHome={() => navigate('/')}
    />
  );
}
