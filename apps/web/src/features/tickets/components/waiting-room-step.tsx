import { Hourglass, PartyPopper, Ticket, Users } from 'lucide-react';
import { SalesCountdown } from '../../../ui/sales-countdown';
import { Spinner } from '../../../ui/spinner';
import type { QueueStatus } from '../api/join-queue';

// The waiting screen inside the purchase dialog (issue 9). The dialog owns the flow; this only shows where
// the person stands. One polite live region carries a short sentence that changes when the place does, so
// a screen reader hears progress without the rest of the screen being read again.

export function etaText(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h ${String(rest).padStart(2, '0')} min`;
}

function spokenStatus(status: QueueStatus | null): string {
  if (!status) return 'Joining the line…';
  if (status.status === 'sold-out') return 'Sorry, the tickets sold out while you were waiting.';
  if (status.status === 'admitted') return 'It is your turn. Opening checkout.';
  if (status.position === null) return 'You are in the line. Places are drawn at random when sales open.';
  return `You are number ${status.position} in line. Your turn in ${etaText(status.etaSeconds)}.`;
}

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-maroon-950/60 px-3 py-2">
      {icon}
      <div className="min-w-0">
        <p className="text-xs text-maroon-200">{label}</p>
        <p className="text-base font-semibold text-maroon-50">{value}</p>
      </div>
    </div>
  );
}

export function WaitingRoomStep({ status, problem }: { status: QueueStatus | null; problem: string | null }) {
  const spoken = spokenStatus(status);
  return (
    <div className="grid gap-4" data-testid="waiting-room">
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {spoken}
      </p>
      {status?.status === 'sold-out' ? (
        <p role="alert" className="rounded-xl bg-rose-950/60 px-4 py-3 text-base font-semibold text-rose-100">
          Sorry, the tickets sold out while you were waiting. Nothing was charged.
        </p>
      ) : status?.status === 'admitted' ? (
        <p className="flex items-center gap-2 text-lg font-bold text-gold-200">
          <PartyPopper aria-hidden="true" className="size-6" /> It's your turn! Opening checkout…
        </p>
      ) : status?.status === 'waiting' ? (
        <>
          {status.position === null ? (
            <>
              <p className="text-base text-maroon-50">
                You're in the line. When sales open, everyone in line gets a place in a random order, so
                joining early or at the last second makes no difference.
              </p>
              {status.salesOpenAt ? <SalesCountdown salesOpenAt={status.salesOpenAt} /> : null}
            </>
          ) : (
            <div className="text-center">
              <p className="text-sm text-maroon-200">Your place in line</p>
              <p className="text-5xl font-bold tabular-nums text-gold-200">
                {status.position.toLocaleString('en-IN')}
              </p>
            </div>
          )}
          <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
            {status.ahead !== null ? (
              <Stat
                icon={<Users aria-hidden="true" className="size-5 shrink-0 text-gold-300" />}
                label="People ahead of you"
                value={status.ahead.toLocaleString('en-IN')}
              />
            ) : null}
            {status.position !== null ? (
              <Stat
                icon={<Hourglass aria-hidden="true" className="size-5 shrink-0 text-gold-300" />}
                label="Estimated wait"
                value={etaText(status.etaSeconds)}
              />
            ) : null}
            <Stat
              icon={<Ticket aria-hidden="true" className="size-5 shrink-0 text-gold-300" />}
              label="Tickets left"
              value={status.ticketsLeft.toLocaleString('en-IN')}
            />
          </div>
          <p className="rounded-xl border border-gold-400/30 px-4 py-3 text-base font-semibold text-maroon-50">
            Keep this page open; your place is kept. When your turn comes, checkout continues by itself.
          </p>
        </>
      ) : (
        <p className="flex items-center gap-2 text-maroon-50">
          <Spinner /> Joining the line…
        </p>
      )}
      {problem ? <p className="text-sm text-rose-200">{problem}</p> : null}
    </div>
  );
}
