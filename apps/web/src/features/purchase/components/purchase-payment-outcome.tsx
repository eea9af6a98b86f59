import { CircleAlert } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useSupportEmail } from '../../../lib/current-event';
import { Spinner } from '../../../ui/spinner';

// What the dialog shows after the provider's window: the payment being confirmed, or not confirmed.

export function VerifyingStep() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="assertive" className="flex flex-col items-center gap-4 py-6 text-center">
      <Spinner size="lg" />
      <p className="sr-only">{t('purchase.title.verifying')}</p>
      <p className="text-maroon-100">{t('purchase.verifying')}</p>
    </div>
  );
}

export function UnverifiedStep({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation();
  // The mail goes to our support desk, which works in English: its subject stays English.
  const email = useSupportEmail();
  const subject = encodeURIComponent(`Payment not confirmed ${orderId ?? ''}`.trim());
  return (
    <div className="grid gap-3 text-maroon-50">
      <p className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-rose-200" />
        <span>{t('purchase.unverified.text')}</span>
      </p>
      {orderId ? (
        <p className="text-sm">
          {t('purchase.unverified.reference')}{' '}
          <code className="rounded bg-maroon-950 px-1.5 py-0.5 text-gold-200">{orderId}</code>
        </p>
      ) : null}
      {email ? (
        <p className="text-sm">
          <Trans
            i18nKey="purchase.unverified.questions"
            values={{ email }}
            components={{
              mail: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside.
                <a
                  className="font-semibold text-gold-200 underline underline-offset-2"
                  href={`mailto:${email}?subject=${subject}`}
                />
              ),
            }}
          />
        </p>
      ) : null}
    </div>
  );
}
