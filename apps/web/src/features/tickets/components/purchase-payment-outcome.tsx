import { POLICY } from '@utsav/domain/constants';
import { CircleAlert } from 'lucide-react';
import { Spinner } from '../../../ui/spinner';

// What the dialog shows after the provider's window: the payment being confirmed, or not confirmed.

export function VerifyingStep() {
  return (
    <div role="status" aria-live="assertive" className="flex flex-col items-center gap-4 py-6 text-center">
      <Spinner size="lg" />
      <p className="sr-only">Confirming your payment…</p>
      <p className="text-maroon-100">
        Your payment went through. Please keep this page open for a few seconds while we issue your tickets.
      </p>
    </div>
  );
}

export function UnverifiedStep({ orderId }: { orderId: string | null }) {
  return (
    <div className="grid gap-3 text-maroon-50">
      <p className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-rose-200" />
        <span>
          We could not confirm this payment. If money was taken, your tickets appear under My Tickets as soon
          as the payment provider confirms it, or the amount is refunded in full.
        </span>
      </p>
      {orderId ? (
        <p className="text-sm">
          Order reference:{' '}
          <code className="rounded bg-maroon-950 px-1.5 py-0.5 text-gold-200">{orderId}</code>
        </p>
      ) : null}
      <p className="text-sm">
        Questions? Write to{' '}
        <a
          className="font-semibold text-gold-200 underline underline-offset-2"
          href={`mailto:${POLICY.supportEmail}?subject=${encodeURIComponent(`Payment not confirmed ${orderId ?? ''}`.trim())}`}
        >
          {POLICY.supportEmail}
        </a>
        .
      </p>
    </div>
  );
}
