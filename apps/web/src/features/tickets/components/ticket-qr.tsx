import { useEffect, useState } from 'react';
import { Spinner } from '../../../ui/spinner';
import { QR_SCREEN_PX, qrDataUrl } from '../utils/qr';

/** The ticket's QR code, drawn from its signed token, dark on white with a quiet zone for phone cameras. */
export function TicketQr({ token, ticketId }: { token: string; ticketId: string }) {
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
    return <p className="text-sm text-rose-200">The QR code could not be drawn. Please reload the page.</p>;
  }
  return (
    <div className="flex aspect-square w-[18rem] max-w-full items-center justify-center rounded-2xl bg-white shadow-lg">
      {state.url ? (
        <img
          src={state.url}
          width={QR_SCREEN_PX}
          height={QR_SCREEN_PX}
          alt={`QR code of ticket ${ticketId}`}
          data-qr-ticket={ticketId}
          className="block size-full rounded-2xl [image-rendering:pixelated]"
        />
      ) : (
        <span className="text-maroon-700">
          <Spinner size="lg" label="Drawing the QR code" />
        </span>
      )}
    </div>
  );
}
