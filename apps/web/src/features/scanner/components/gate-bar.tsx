import type { PassDirection } from '@utsav/domain/gate-pass';
import { Flashlight, FlashlightOff, LogIn, LogOut } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useBelowHeader } from '../engine/use-below-header';

interface GateBarProps {
  gate: string;
  /** Guests this phone has let in (its "Valid Entries" counter). */
  admitted: number;
  mode: PassDirection;
  /** Exit mode is offered only when the event allows re-entry. */
  reentryAllowed: boolean;
  onModeChange(mode: PassDirection): void;
  torchAvailable: boolean;
  torchOn: boolean;
  onTorch(): void;
}

const MODE_BUTTON =
  'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl px-4 text-base font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-saffron-300';

/**
 * Always in view at the top of the scanner: which gate this is, how many this phone let in, Entry or Exit,
 * and the torch. Large, high-contrast controls a volunteer can hit in the dark with a thumb.
 */
export function GateBar(props: GateBarProps) {
  const { gate, admitted, mode, reentryAllowed, onModeChange, torchAvailable, torchOn, onTorch } = props;
  const { t } = useTranslation();
  const top = useBelowHeader();
  return (
    <section
      style={{ top }}
      aria-label={t('scanner.gateBar.label')}
      className="sticky z-20 -mx-4 mt-2 border-y border-gold-400/30 bg-maroon-950/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        {/* data-device-value: kept on this phone, so unknown to the pre-rendered first screen, which hides it
            (the counter with its words: "in on this phone" beside a hidden number would read as nothing). */}
        <p
          className="min-w-0 break-words text-lg font-bold text-cream"
          data-testid="gate-name"
          data-device-value=""
        >
          {gate.trim() || t('scanner.gateBar.unnamed')}
        </p>
        <p className="shrink-0 text-right text-sm text-maroon-100" data-device-value="">
          <Trans
            i18nKey="scanner.gateBar.phoneCount"
            count={admitted}
            components={{
              count: (
                <span
                  data-testid="phone-count"
                  className="text-2xl font-extrabold text-green-300 tabular-nums"
                />
              ),
            }}
          />
        </p>
        {torchAvailable && (
          <button
            type="button"
            onClick={onTorch}
            aria-pressed={torchOn}
            aria-label={torchOn ? t('scanner.gateBar.torchOff') : t('scanner.gateBar.torchOn')}
            className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-gold-300 text-ink"
          >
            {torchOn ? (
              <FlashlightOff aria-hidden="true" className="size-6" />
            ) : (
              <Flashlight aria-hidden="true" className="size-6" />
            )}
          </button>
        )}
      </div>
      {reentryAllowed && (
        <fieldset className="mt-2">
          <legend className="sr-only">{t('scanner.gateBar.mode')}</legend>
          <div className="flex gap-2">
            <button
              type="button"
              aria-pressed={mode === 'in'}
              onClick={() => onModeChange('in')}
              className={`${MODE_BUTTON} ${mode === 'in' ? 'bg-green-700 text-white' : 'bg-maroon-900 text-maroon-100'}`}
            >
              <LogIn aria-hidden="true" className="size-5" />
              {t('scanner.gateBar.entry')}
            </button>
            <button
              type="button"
              aria-pressed={mode === 'out'}
              onClick={() => onModeChange('out')}
              className={`${MODE_BUTTON} ${mode === 'out' ? 'bg-sky-800 text-white' : 'bg-maroon-900 text-maroon-100'}`}
            >
              <LogOut aria-hidden="true" className="size-5" />
              {t('scanner.gateBar.exit')}
            </button>
          </div>
          {mode === 'out' && (
            <p role="status" className="mt-1.5 text-center text-sm font-semibold text-sky-200">
              {t('scanner.gateBar.exitMode')}
            </p>
          )}
        </fieldset>
      )}
    </section>
  );
}
