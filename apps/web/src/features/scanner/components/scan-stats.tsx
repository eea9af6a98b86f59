import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import type { ScannerStats } from '../checkin/device-store';

const ACCENTS: Record<keyof ScannerStats, string> = {
  totalScanned: 'text-cream',
  validEntries: 'text-green-300',
  alreadyUsed: 'text-amber-300',
  invalidCodes: 'text-red-300',
  exits: 'text-sky-300',
  reentries: 'text-green-200',
};

/** The product's four counters always; exits and re-entries too where the event lets guests go out and back. */
function shownCounters(stats: ScannerStats, reentryAllowed: boolean): (keyof ScannerStats)[] {
  const four: (keyof ScannerStats)[] = ['totalScanned', 'validEntries', 'alreadyUsed', 'invalidCodes'];
  // Counted before the organiser switched re-entry off: still shown, not silently hidden.
  return reentryAllowed || stats.exits > 0 || stats.reentries > 0 ? [...four, 'exits', 'reentries'] : four;
}

/** The gate's counters (kept on this device) and 'Reset Statistics', which asks first. */
export function ScanStats({
  stats,
  onReset,
  reentryAllowed,
}: {
  stats: ScannerStats;
  onReset: () => void;
  reentryAllowed: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const labels: Record<keyof ScannerStats, string> = {
    totalScanned: t('scanner.stats.totalScanned'),
    validEntries: t('scanner.stats.validEntries'),
    alreadyUsed: t('scanner.stats.alreadyUsed'),
    invalidCodes: t('scanner.stats.invalidCodes'),
    exits: t('scanner.stats.exits'),
    reentries: t('scanner.stats.reentries'),
  };
  return (
    <section aria-labelledby="scan-stats-title" className="card p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="scan-stats-title" className="text-lg font-semibold text-gold-200">
          {t('scanner.stats.title')}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          icon={<RotateCcw aria-hidden="true" className="size-4" />}
          onClick={() => setConfirming(true)}
        >
          {t('scanner.stats.reset')}
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2.5">
        {shownCounters(stats, reentryAllowed).map((key) => (
          <div key={key} className="rounded-xl bg-maroon-950/60 px-3 py-2.5">
            <dt className="text-sm text-maroon-100">{labels[key]}</dt>
            {/* data-device-value: kept on this phone, so unknown to the pre-rendered first screen, which hides it. */}
            <dd
              data-testid={`stat-${key}`}
              data-device-value=""
              className={`text-3xl font-bold tabular-nums ${ACCENTS[key]}`}
            >
              {stats[key]}
            </dd>
          </div>
        ))}
      </dl>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('scanner.stats.resetTitle')}
        description={t('scanner.stats.resetDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('scanner.stats.keep')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                onReset();
                setConfirming(false);
              }}
            >
              {t('scanner.stats.resetConfirm')}
            </Button>
          </>
        }
      />
    </section>
  );
}
