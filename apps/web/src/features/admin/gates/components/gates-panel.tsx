import { EVENT_TIMEZONE } from '@utsav/domain/constants';
import { DoorOpen, Smartphone, TriangleAlert, Users } from 'lucide-react';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { SkeletonList } from '../../../../ui/skeleton';
import { StatCard } from '../../../../ui/stat-card';
import { ViewHeader } from '../../../../ui/view-header';
import { LIVE_GATES_POLL_MS, type LiveDevice, type LiveGates, useLiveGates } from '../api/get-live-gates';
import { GateChart } from './gate-chart';

const ICON = 'size-5';

const REFUSAL_LABELS: Record<keyof LiveGates['refusals'], string> = {
  already_used: 'Already used',
  cancelled: 'Cancelled',
  transferred: 'Transferred',
  invalid: 'Invalid',
};

function clock(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: EVENT_TIMEZONE,
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));
}

function count(value: number): string {
  return value.toLocaleString('en-IN');
}

/** The organiser's view of the gates (tracker issue 16): polled while open, from any server instance. */
export function GatesPanel({ onBack }: { onBack: () => void }) {
  const live = useLiveGates();
  const view = live.data;
  return (
    <div className="grid gap-6">
      <ViewHeader
        title="Gates"
        onBack={onBack}
        description={
          view ? (
            <span role="status" aria-live="off">
              Live, every {LIVE_GATES_POLL_MS / 1000} s. Updated {clock(view.generatedAt)}
              {live.isError ? ' (last update failed, retrying)' : ''}
            </span>
          ) : (
            'Admissions, people inside, each gate and each phone, live.'
          )
        }
      />
      {live.isPending ? (
        <SkeletonList rows={4} label="Loading the gates" />
      ) : !view ? (
        <ErrorPanel
          title="Could not load the gates"
          message={live.error instanceof Error ? live.error.message : 'Please try again.'}
          onRetry={() => void live.refetch()}
          retrying={live.isFetching}
        />
      ) : (
        <GatesContent view={view} />
      )}
    </div>
  );
}

function GatesContent({ view }: { view: LiveGates }) {
  const now = new Date(view.generatedAt);
  return (
    <>
      <section aria-label="Arrivals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Admitted"
          value={count(view.admitted)}
          hint={`of ${count(view.sold)} sold · ${view.arrivedPercentage}% arrived`}
          icon={<DoorOpen className={ICON} />}
        />
        <StatCard
          label="Inside now"
          value={count(view.inside)}
          hint={view.reentryAllowed ? 'Re-entry on: exits counted' : 'Re-entry off'}
          icon={<Users className={ICON} />}
        />
        <StatCard
          label="Phones online"
          value={`${view.devices.filter((device) => device.online).length}`}
          hint={`${view.devices.reduce((sum, device) => sum + device.queued, 0)} offline scans waiting`}
          icon={<Smartphone className={ICON} />}
        />
        <StatCard
          label="Sync conflicts"
          value={count(view.conflicts)}
          hint="Admitted offline after another gate"
          icon={<TriangleAlert className={ICON} />}
        />
      </section>

      <section aria-labelledby="gates-list-title" className="card p-4 sm:p-5">
        <h2 id="gates-list-title" className="text-lg font-semibold text-gold-200">
          Each gate, last hour
        </h2>
        {view.gates.length === 0 ? (
          <p className="mt-2 text-maroon-100">No gate has scanned anyone yet.</p>
        ) : (
          <ul className="mt-3 grid gap-4">
            {view.gates.map((gate) => (
              <li key={gate.gate} data-testid="gate-row" className="grid gap-2">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <span className="text-base font-bold text-cream">{gate.gate}</span>
                  <span className="text-sm text-maroon-100">
                    <strong className="text-cream tabular-nums">{count(gate.admitted)}</strong> admitted ·{' '}
                    <strong className="text-saffron-200 tabular-nums">{gate.lastMinute}</strong> last minute ·{' '}
                    {gate.devices} {gate.devices === 1 ? 'phone' : 'phones'}
                  </span>
                </div>
                <GateChart gate={gate} now={now} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-labelledby="refusals-title" className="card p-4 sm:p-5">
          <h2 id="refusals-title" className="text-lg font-semibold text-gold-200">
            Refused at the gates
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-2.5">
            {(Object.keys(REFUSAL_LABELS) as (keyof LiveGates['refusals'])[]).map((reason) => (
              <div key={reason} className="rounded-xl bg-maroon-950/60 px-3 py-2.5">
                <dt className="text-sm text-maroon-100">{REFUSAL_LABELS[reason]}</dt>
                <dd data-testid={`refusal-${reason}`} className="text-2xl font-bold text-cream tabular-nums">
                  {count(view.refusals[reason] ?? 0)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <DevicesList devices={view.devices} />
      </div>
    </>
  );
}

function DevicesList({ devices }: { devices: LiveDevice[] }) {
  if (devices.length === 0) {
    return (
      <EmptyState title="No gate phones yet">A phone appears here once its scanner page is open.</EmptyState>
    );
  }
  return (
    <section aria-labelledby="devices-title" className="card p-4 sm:p-5">
      <h2 id="devices-title" className="text-lg font-semibold text-gold-200">
        Gate phones
      </h2>
      <ul className="mt-3 grid gap-2">
        {devices.map((device) => (
          <li
            key={device.deviceId}
            data-testid="device-row"
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl bg-maroon-950/60 px-3 py-2"
          >
            <span className="flex min-w-0 items-center gap-2">
              <span
                aria-hidden="true"
                className={`inline-block size-2.5 shrink-0 rounded-full ${device.online ? 'bg-emerald-300' : 'bg-rose-300'}`}
              />
              <span className="min-w-0 truncate font-semibold text-cream">
                {device.gate}
                <span className="font-normal text-maroon-100">
                  {' '}
                  · {device.checker ?? 'Unknown'} ·{' '}
                  <span className="font-mono">{device.deviceId.slice(0, 8)}</span>
                </span>
              </span>
            </span>
            <span className="text-sm text-maroon-100">
              {device.online ? 'Online' : 'Offline'}, seen {clock(device.lastSeenAt)}
              {device.queued > 0 && (
                <strong className="ml-2 rounded-full bg-amber-300 px-2 py-0.5 text-ink">
                  {device.queued} queued
                </strong>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
