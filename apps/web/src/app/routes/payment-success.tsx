import { useNavigate } from 'react-router';
import { PaymentSuccess } from '../../features/tickets/components/payment-success';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNavigationActions } from '../shell/use-navigation-actions';

export function Component() {
  const navigate = useNavigate();
  const { toDashboard } = useNavigationActions();
  useDocumentTitle('Payment Successful');
  // 'View My Tickets' goes to /dashboard, which forwards to the person's dashboard and scrolls to the tickets.
  return (
    <PaymentSuccess
      onViewTickets={() => toDashboard(null, { scrollTo: 'tickets' })}
      onHome={() => navigate('/')}
    />
  );
}
