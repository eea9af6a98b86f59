import { Camera, CameraOff, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { CAMERA_MESSAGES } from '../engine/camera';
import type { QrScanner } from '../engine/use-qr-scanner';
import { ScanFrame } from './scan-frame';

type CameraViewProps = Pick<QrScanner, 'videoRef' | 'state' | 'error' | 'start' | 'stop' | 'retry'> & {
  /** Drawn over the video, e.g. the page's scan result. */
  children?: ReactNode;
};

const STATUS: Record<QrScanner['state'], string> = {
  off: 'Camera is off',
  starting: 'Starting camera…',
  on: "Scanning: hold the ticket's QR code inside the frame",
  paused: 'Code read, one moment…',
  error: '',
};

/** The live camera with its framing square, start/stop control and the camera errors of guest-side §8. */
export function CameraView({ videoRef, state, error, start, stop, retry, children }: CameraViewProps) {
  const live = state === 'on' || state === 'paused';
  return (
    <section aria-label="Ticket scanner" className="card p-3 sm:p-4">
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-maroon-950 sm:aspect-[4/3]">
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera preview"
          className={`size-full object-cover ${live ? '' : 'invisible'}`}
        />
        {live && <ScanFrame captured={state === 'paused'} />}
        {state === 'off' && <CameraOffNotice />}
        {state === 'starting' && (
          <div className="absolute inset-0 flex items-center justify-center text-gold-300">
            <Spinner size="lg" />
          </div>
        )}
        {state === 'error' && error && <CameraErrorPanel message={error} onRetry={retry} />}
        {children}
      </div>

      <p aria-live="polite" className="mt-3 min-h-6 text-center text-sm text-maroon-100">
        {STATUS[state]}
      </p>

      {state !== 'error' && (
        <div className="mt-3 flex justify-center">
          {state === 'off' ? (
            <Button size="lg" icon={<Camera className="size-5" aria-hidden="true" />} onClick={start}>
              Start Camera
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="lg"
              icon={<CameraOff className="size-5" aria-hidden="true" />}
              onClick={stop}
            >
              Stop Camera
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

function CameraOffNotice() {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-maroon-800 text-gold-300">
        <Camera className="size-8" aria-hidden="true" />
      </span>
      <p className="text-maroon-100">The back camera is used to read ticket QR codes.</p>
    </div>
  );
}

function CameraErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  const feedLost = message === CAMERA_MESSAGES.feedLost;
  return (
    <div
      role="alert"
      className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-maroon-950/90 px-6 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-rose-200 text-rose-950">
        <CameraOff className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold text-cream">{message}</p>
      <Button icon={<RefreshCw className="size-4" aria-hidden="true" />} onClick={onRetry}>
        {feedLost ? 'Reconnect' : 'Try Again'}
      </Button>
    </div>
  );
}
