import { CircleAlert, CircleCheckBig, CircleX, CloudOff, LogOut, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ScanOutcome, ScanTone } from '../checkin/scan-outcome';

// Read from arm's length in a dark venue: a solid colour per answer, a large icon whose shape differs
// per answer, and the words. Never colour alone (colour-blind volunteers, sunlight on the screen).
// White on green-800 ≈ 7:1, white on sky-900 ≈ 10:1, ink on amber-300 ≈ 12:1, white on red-700 ≈ 6.5:1, white on slate-700 ≈ 10:1.
const TONES: Record<ScanTone, { box: string; icon: ReactNode; label: string }> = {
  success: {
    box: 'bg-green-800 text-white',
    icon: <CircleCheckBig aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'Allowed',
  },
  exit: {
    box: 'bg-sky-900 text-white',
    icon: <LogOut aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'Out',
  },
  warning: {
    box: 'bg-amber-300 text-ink',
    icon: <CircleAlert aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'Stop',
  },
  danger: {
    box: 'bg-red-700 text-white',
    icon: <CircleX aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'Stop',
  },
  unknown: {
    box: 'bg-slate-700 text-white',
    icon: <WifiOff aria-hidden="true" className="size-20" strokeWidth={2.5} />,
    label: 'Not checked',
  },
};

/** The result of the last scan, over the camera picture; a tap dismisses it early. */
export function ScanResultOverlay({ outcome, onDismiss }: { outcome: ScanOutcome; onDismiss: () => void }) {
  const tone = TONES[outcome.tone];
  return (
    <button
      type="button"
      onClick={onDismiss}
      data-testid="scan-result"
      data-tone={outcome.tone}
      className={`absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 px-5 text-center ${tone.box}`}
    >
      {tone.icon}
      <span className="text-sm font-bold tracking-[0.2em] uppercase opacity-90">{tone.label}</span>
      <span className="text-[1.7rem] leading-tight font-extrabold text-balance">{outcome.title}</span>
      {outcome.detail && (
        <span className="text-base leading-snug font-semibold text-balance">{outcome.detail}</span>
      )}
      {outcome.offline && (
        <span className="inline-flex items-center gap-1.5 rounded-full border-2 border-current px-3 py-1 text-sm font-bold uppercase">
          <CloudOff aria-hidden="true" className="size-4" />
          Offline
        </span>
      )}
    </button>
  );
}
