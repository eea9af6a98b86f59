import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CameraView } from '../components/camera-view';
import { useQrScanner } from '../engine/use-qr-scanner';

interface Scan {
  code: string;
  /** performance.now() when the scanner took the code (the clock its pause is timed on). */
  at: number;
}

// ?hold=0 turns the same-code hold off, so a test can watch the restart-after-scan timing on one QR.
const hold = new URLSearchParams(location.search).get('hold');

/**
 * Writes what the engine reports into attributes a test can read: every scan with its time, the moment the
 * video first played, and which decoder ran.
 */
export function ScannerLab() {
  const { t } = useTranslation();
  useDocumentTitle(t('scanner.lab.title'));
  const [scans, setScans] = useState<Scan[]>([]);
  const [playingAt, setPlayingAt] = useState<number | null>(null);
  const scanner = useQrScanner({
    onScan: (code, acceptedAt) => setScans((previous) => [...previous, { code, at: acceptedAt }]),
    sameCodeHoldMs: hold === null ? undefined : Number(hold),
  });

  const { videoRef } = scanner;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onPlaying = () => setPlayingAt((previous) => previous ?? performance.now());
    video.addEventListener('playing', onPlaying);
    return () => video.removeEventListener('playing', onPlaying);
  }, [videoRef]);

  const last = scans.at(-1);
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <h1 className="mb-4 text-2xl text-gold-200">{t('scanner.lab.title')}</h1>
      <CameraView {...scanner} />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-maroon-100">
        <dt>{t('scanner.lab.state')}</dt>
        <dd data-testid="state">{scanner.state}</dd>
        <dt>{t('scanner.lab.decoder')}</dt>
        <dd data-testid="decoder">{scanner.decoder ?? '-'}</dd>
        <dt>{t('scanner.lab.scanned')}</dt>
        <dd className="break-all">
          <output
            data-testid="scanned"
            data-count={scans.length}
            data-playing-at={playingAt ?? ''}
            data-scan-times={scans.map((scan) => scan.at.toFixed(1)).join(',')}
            className="font-mono text-cream"
          >
            {last?.code ?? ''}
          </output>
        </dd>
      </dl>
    </main>
  );
}
