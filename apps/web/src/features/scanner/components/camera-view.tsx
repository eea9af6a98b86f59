import { Camera, CameraOff, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { CAMERA_MESSAGES, type CameraMessage } from '../engine/camera';
import type { QrScanner } from '../engine/use-qr-scanner';
import { ScanFrame } from './scan-frame';

type CameraViewProps = Pick<QrScanner, 'videoRef' | 'state' | 'error' | 'start' | 'stop' | 'retry'> & {
  /** Drawn over the video, e.g. the page's scan result. */
  children?: ReactNode;
};

/** The live camera with its framing square, start/stop control and the camera errors (docs/product.md#gate-scanner). */
export function CameraView({ videoRef, state, error, start, stop, retry, children }: CameraViewProps) {
  const { t } = useTranslation();
  const live = state === 'on' || state === 'paused';
  const status: Record<QrScanner['state'], string> = {
    off: t('scanner.camera.off'),
    starting: t('scanner.camera.starting'),
    on: t('scanner.camera.on'),
    paused: t('scanner.camera.paused'),
    error: '',
  };
  return (
    <section aria-label={t('scanner.camera.label')} className="card p-3 sm:p-4">
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-maroon-950 sm:aspect-[4/3]">
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t('scanner.camera.preview')}
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
        {status[state]}
      </p>

      {state !== 'error' && (
        <div className="mt-3 flex justify-center">
          {state === 'off' ? (
            <Button
              size="lg"
              icon={<Camera className="size-5" aria-hidden="true" />}
              onClick={start}
              // On the pre-rendered first screen (app/shell/static-pages.tsx), a tap made before the app runs
              // is recorded and replayed (boot-tap.ts); React's own button ignores it.
              data-boot-tap="start-camera"
            >
              {t('scanner.camera.start')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="lg"
              icon={<CameraOff className="size-5" aria-hidden="true" />}
              onClick={stop}
            >
              {t('scanner.camera.stop')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

function CameraOffNotice() {
  const { t } = useTranslation();
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-maroon-800 text-gold-300">
        <Camera className="size-8" aria-hidden="true" />
      </span>
      <p className="text-maroon-100">{t('scanner.camera.offNotice')}</p>
    </div>
  );
}

/** The product's camera texts (CAMERA_MESSAGES, English) in the volunteer's language. */
function useCameraMessage(message: string): string {
  const { t } = useTranslation();
  const words: Record<CameraMessage, string> = {
    [CAMERA_MESSAGES.noCamera]: t('scanner.camera.noCamera'),
    [CAMERA_MESSAGES.accessFailed]: t('scanner.camera.accessFailed'),
    [CAMERA_MESSAGES.scannerInitFailed]: t('scanner.camera.scannerInitFailed'),
    [CAMERA_MESSAGES.controlFailed]: t('scanner.camera.controlFailed'),
    [CAMERA_MESSAGES.videoStreamError]: t('scanner.camera.videoStreamError'),
    [CAMERA_MESSAGES.feedLost]: t('scanner.camera.feedLost'),
  };
  return words[message as CameraMessage] ?? message;
}

function CameraErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const feedLost = message === CAMERA_MESSAGES.feedLost;
  const text = useCameraMessage(message);
  return (
    <div
      role="alert"
      className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-maroon-950/90 px-6 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-rose-200 text-rose-950">
        <CameraOff className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold text-cream">{text}</p>
      <Button icon={<RefreshCw className="size-4" aria-hidden="true" />} onClick={onRetry}>
        {feedLost ? t('scanner.camera.reconnect') : t('scanner.camera.tryAgain')}
      </Button>
    </div>
  );
}
