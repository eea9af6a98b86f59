import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import type { ScannerStats } from '../checkin/device-store';

const COUNTERS: Array<{ key: keyof ScannerStats; label: string; accent: string }> = [
  { key: 'totalScanned', label: 'Total Scanned', accent: 'text-cream' },
  { key: 'validEntries', label: 'Valid Entries', accent: 'text-green-300' },
  { key: 'alreadyUsed', label: 'Already Used', accent: 'text-amber-300' },
  { key: 'invalidCodes', label: 'Invalid', accent: 'text-red-300' },
];

/** The gate's four counters (kept on this device) and 'Reset Statistics', which asks first. */
export function ScanStats({ stats, onReset }: { stats: ScannerStats; onReset: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="scan-stats-title" className="card p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="scan-stats-title" className="text-lg font-semibold text-gold-200">
          This device
        </h2>
        <Button
          variant="ghost"
          size="sm"
          icon={<RotateCcw aria-hidden="true" className="size-4" />}
          onClick={() => setConfirming(true)}
        >
          Reset Statistics
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2.5">
        {COUNTERS.map(({ key, label, accent }) => (
          <div key={key} className="rounded-xl bg-maroon-950/60 px-3 py-2.5">
            <dt className="text-sm text-maroon-100">{label}</dt>
            <dd data-testid={`stat-${key}`} className={`text-3xl font-bold tabular-nums ${accent}`}>
              {stats[key]}
            </dd>
          </div>
        ))}
      </dl>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Reset Statistics?"
        description="The four counters of this device go back to zero. Tickets already admitted stay admitted."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                onReset();
                setConfirming(false);
              }}
            >
              Reset
            </Button>
          </>
        }
      />
    </section>
  );
}
