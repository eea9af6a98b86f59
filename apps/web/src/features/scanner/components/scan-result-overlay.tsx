import { CircleAlert, CircleCheckBig, CircleX, CloudOff, LogOut, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TicketTypeMark } from '../../../ui/ticket-type-mark';
import type { ScanOutcome, ScanTone } from '../checkin/scan-outcome';

// Read from arm's length in a dark venue: a solid colour per answer, a large icon whose shape differs
// per answer, and the words. Never colour alone (colour-blind volunteers, sunlight on the screen).
// White on green-800 ≈ 7:1, white on sky-900 ≈ 10:1, ink on amber-300 ≈ 12:1, white on red-700 ≈ 6.5:1, white on slate-700 ≈ 10:1.
type ToneLabel = 'allowed' | 'out' | 'stop' | 'notChecked';

const TONES: Record<ScanTone, { box: string; icon: ReactNode; label: ToneLabel }> = {
  success: {
    box: 'bg-green-800 text-white',
    icon: <CircleCheckBig aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'allowed',
  },
  exit: {
    box: 'bg-sky-900 text-white',
    icon: <LogOut aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'out',
  },
  warning: {
    box: 'bg-amber-300 text-ink',
    icon: <CircleAlert aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'stop',
  },
  danger: {
    box: 'bg-red-700 text-white',
    icon: <CircleX aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'stop',
  },
  unknown: {
    box: 'bg-slate-700 text-white',
    icon: <WifiOff aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'notChecked',
  },
};

/** The result of the last scan, over the camera picture; a tap dismisses it early. */
export function ScanResultOverlay({ outcome, onDismiss }: { outcome: ScanOutcome; onDismiss: () => void }) {
  const { t } = useTranslation();
  const tone = TONES[outcome.tone];
  const labels: Record<ToneLabel, string> = {
    allowed: t('scanner.result.allowed'),
    out: t('scanner.result.out'),
    stop: t('scanner.result.stop'),
    notChecked: t('scanner.result.notChecked'),
  };
  return (
    <button
      type="button"
      onClick={onDismiss}
      data-testid="scan-result"
      data-tone={outcome.tone}
      className={`absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 px-5 text-center ${tone.box}`}
    >
      {tone.icon}
      <span className="text-sm font-bold tracking-[0.2em] uppercase opacity-90">{labels[tone.label]}</span>
      <span className="text-[1.7rem] leading-tight font-extrabold text-balance">{outcome.title}</span>
      {outcome.ticketType && (
        <span className="rounded-xl bg-black/25 px-4 py-2">
          <TicketTypeMark type={outcome.ticketType} large />
        </span>
      )}
      {outcome.detail && (
        <span className="text-base leading-snug font-semibold text-balance">{outcome.detail}</span>
      )}
      {outcome.offline && (
        <span className="inline-flex items-center gap-1.5 rounded-full border-2 border-current px-3 py-1 text-sm font-bold uppercase">
          <CloudOff aria-hidden="true" className="size-4" />
          {t('scanner.result.offline')}
        </span>
      )}
    </button>
  );
}
