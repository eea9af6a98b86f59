import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/spinner';
import { QR_SCREEN_PX, qrDataUrl } from '../utils/qr';

/** The ticket's QR code, drawn from its signed token, dark on white with a quiet zone for phone cameras. */
export function TicketQr({ token, ticketId }: { token: string; ticketId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });

  useEffect(() => {
    let cancelled = false;
    setState({ url: null, failed: false });
    qrDataUrl(token, QR_SCREEN_PX).then(
      (url) => {
        if (!cancelled) setState({ url, failed: false });
      },
      () => {
        if (!cancelled) setState({ url: null, failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (state.failed) {
    return <p className="text-sm text-rose-200">{t('tickets.qr.drawFailed')}</p>;
  }
  return (
    <div className="flex aspect-square w-[18rem] max-w-full items-center justify-center rounded-2xl bg-white shadow-lg">
      {state.url ? (
        <img
          src={state.url}
          width={QR_SCREEN_PX}
          height={QR_SCREEN_PX}
          alt={t('tickets.qr.alt', { ticketId })}
          data-qr-ticket={ticketId}
          className="block size-full rounded-2xl [image-rendering:pixelated]"
        />
      ) : (
        <span className="text-maroon-700">
          <Spinner size="lg" label={t('tickets.qr.drawing')} />
        </span>
      )}
    </div>
  );
}
