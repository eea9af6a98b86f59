import { UNNAMED_GATE } from '@utsav/domain/gates-live';
import { DoorOpen, Smartphone, TriangleAlert, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../lib/i18n/language';
import { EmptyState, ErrorPanel } from '../../../../ui/error-panel';
import { formatTimeOfDay } from '../../../../ui/format';
import { SkeletonList } from '../../../../ui/skeleton';
import { StatCard } from '../../../../ui/stat-card';
import { ViewHeader } from '../../../../ui/view-header';
import { LIVE_GATES_POLL_MS, type LiveDevice, type LiveGates, useLiveGates } from '../api/get-live-gates';
import { GateChart } from './gate-chart';
import { GateTypes } from './gate-types';

const ICON = 'size-5';

type Reason = keyof LiveGates['refusals'];
const REASONS: Reason[] = ['already_used', 'cancelled', 'transferred', 'invalid'];

/** "7:42:05 PM" / "शाम 7:42:05": how fresh a live figure is, on the app's clock. */
function clock(iso: string): string {
  return formatTimeOfDay(new Date(iso), { seconds: true });
}

function count(value: number): string {
  return value.toLocaleString(currentLocale());
}

/** The gate's name as the server keeps it, or "Unnamed gate" in the reader's language. */
export function useGateName(): (gate: string) => string {
  const { t } = useTranslation();
  return (gate) => (gate === UNNAMED_GATE ? t('gates.unnamedGate') : gate);
}

/** The organiser's view of the gates: polled while open, from any server instance. */
export function GatesPanel({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const live = useLiveGates();
  const view = live.data;
  return (
    <div className="grid gap-6">
      <ViewHeader
        title={t('gates.title')}
        onBack={onBack}
        description={
          view ? (
            <span role="status" aria-live="off">
              {live.isError
                ? t('gates.liveFailed', { seconds: LIVE_GATES_POLL_MS / 1000, time: clock(view.generatedAt) })
                : t('gates.live', { seconds: LIVE_GATES_POLL_MS / 1000, time: clock(view.generatedAt) })}
            </span>
          ) : (
            t('gates.intro')
          )
        }
      />
      {live.isPending ? (
        <SkeletonList rows={4} label={t('gates.loading')} />
      ) : !view ? (
        <ErrorPanel
          title={t('gates.loadFailed')}
          message={live.error instanceof Error ? live.error.message : t('gates.tryAgain')}
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
  const { t } = useTranslation();
  const gateName = useGateName();
  const now = new Date(view.generatedAt);
  const reasons: Record<Reason, string> = {
    already_used: t('gates.refusals.already_used'),
    cancelled: t('gates.refusals.cancelled'),
    transferred: t('gates.refusals.transferred'),
    invalid: t('gates.refusals.invalid'),
  };
  return (
    <>
      <section
        aria-label={t('gates.arrivals')}
        className="grid grid-cols-2 gap-3 @max-xs:grid-cols-1 sm:gap-4 lg:grid-cols-4"
      >
        <StatCard
          label={t('gates.admitted')}
          value={count(view.admitted)}
          hint={t('gates.admittedHint', {
            sold: count(view.sold),
            percentage: view.arrivedPercentage.toLocaleString(currentLocale()),
          })}
          icon={<DoorOpen className={ICON} />}
        />
        <StatCard
          label={t('gates.inside')}
          value={count(view.inside)}
          hint={view.reentryAllowed ? t('gates.reentryOn') : t('gates.reentryOff')}
          icon={<Users className={ICON} />}
        />
        <StatCard
          label={t('gates.phonesOnline')}
          value={count(view.devices.filter((device) => device.online).length)}
          hint={t('gates.queued', { count: view.devices.reduce((sum, device) => sum + device.queued, 0) })}
          icon={<Smartphone className={ICON} />}
        />
        <StatCard
          label={t('gates.conflicts')}
          value={count(view.conflicts)}
          hint={t('gates.conflictsHint')}
          icon={<TriangleAlert className={ICON} />}
        />
      </section>

      <GateTypes types={view.types} />

      <section aria-labelledby="gates-list-title" className="card p-4 sm:p-5">
        <h2 id="gates-list-title" className="text-lg font-semibold text-gold-200">
          {t('gates.eachGate')}
        </h2>
        {view.gates.length === 0 ? (
          <p className="mt-2 text-maroon-100">{t('gates.noGates')}</p>
        ) : (
          <ul className="mt-3 grid gap-4">
            {view.gates.map((gate) => (
              <li key={gate.gate} data-testid="gate-row" className="grid gap-2">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <span className="text-base font-bold text-cream">{gateName(gate.gate)}</span>
                  <span className="text-sm text-maroon-100">
                    {t('gates.gateFigures', {
                      admitted: count(gate.admitted),
                      lastMinute: count(gate.lastMinute),
                      count: gate.devices,
                    })}
                  </span>
                </div>
                <GateChart gate={gate} name={gateName(gate.gate)} now={now} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-labelledby="refusals-title" className="card p-4 sm:p-5">
          <h2 id="refusals-title" className="text-lg font-semibold text-gold-200">
            {t('gates.refused')}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-2.5">
            {REASONS.map((reason) => (
              <div key={reason} className="rounded-xl bg-maroon-950/60 px-3 py-2.5">
                <dt className="text-sm text-maroon-100">{reasons[reason]}</dt>
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
  const { t } = useTranslation();
  const gateName = useGateName();
  if (devices.length === 0) {
    return <EmptyState title={t('gates.noPhones')}>{t('gates.noPhonesHint')}</EmptyState>;
  }
  return (
    <section aria-labelledby="devices-title" className="card p-4 sm:p-5">
      <h2 id="devices-title" className="text-lg font-semibold text-gold-200">
        {t('gates.phones')}
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
                {gateName(device.gate)}
                <span className="font-normal text-maroon-100">
                  {' '}
                  · {device.checker ?? t('gates.unknownChecker')} ·{' '}
                  <span className="font-mono">{device.deviceId.slice(0, 8)}</span>
                </span>
              </span>
            </span>
            <span className="text-sm text-maroon-100">
              {device.online
                ? t('gates.seenOnline', { time: clock(device.lastSeenAt) })
                : t('gates.seenOffline', { time: clock(device.lastSeenAt) })}
              {device.queued > 0 && (
                <strong className="ml-2 rounded-full bg-amber-300 px-2 py-0.5 text-ink">
                  {t('gates.deviceQueued', { count: device.queued })}
                </strong>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
