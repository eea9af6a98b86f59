import { CircleCheck, Home, Ticket } from 'lucide-react';
import { Button } from '../../../ui/button';
import { FullScreenMessage } from '../../../ui/full-screen-message';

/** /payment-success (guest-side §2): where the payment window returns to. */
export function PaymentSuccess({ onViewTickets, onHome }: { onViewTickets: () => void; onHome: () => void }) {
  return (
    <FullScreenMessage
      icon={<CircleCheck aria-hidden="true" className="size-16 text-emerald-300" />}
      title="Payment Successful!"
      actions={
        <>
          <Button size="lg" onClick={onViewTickets} icon={<Ticket aria-hidden="true" className="size-5" />}>
            View My Tickets
          </Button>
          <Button
            size="lg"
            variant="secondary"
            onClick={onHome}
            icon={<Home aria-hidden="true" className="size-5" />}
          >
            Go Home
          </Button>
        </>
      }
    >
      <p>
        Thank you! Your tickets are listed under My Tickets on your dashboard, each with its QR code for the
        gate.
      </p>
    </FullScreenMessage>
  );
}
