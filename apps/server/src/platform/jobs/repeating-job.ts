import type { FastifyBaseLogger } from 'fastify';

// The one self-scheduling loop behind every background job (hold reconciliation, refund polling, reminder
// sweeps, waitlist offers). A setTimeout chained after each run, not setInterval: a slow run (Razorpay
// answering in seconds) never overlaps the next one on the same instance. Every job it runs must still be
// safe to run on several instances at once; that is each job's own business (conditional updates, unique keys).

export interface RepeatingJob {
  /** Stops scheduling and waits for a run in progress, so the database outlives the last run. */
  stop(): Promise<void>;
}

export interface RepeatingJobOptions<T> {
  /** What the job does, for the log line when a run throws ("refund polling" -> "refund polling failed"). */
  name: string;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  run: () => Promise<T>;
  /** Told each run's result (to log what it did); not called when the run throws. */
  onResult?: (result: T) => void;
}

/** Runs `run` every intervalMs (first after one interval), never overlapping itself; errors are logged. */
export function startRepeatingJob<T>(options: RepeatingJobOptions<T>): RepeatingJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = options
        .run()
        .then((result) => options.onResult?.(result))
        .catch((error: unknown) => options.log.error({ err: error }, `${options.name} failed`))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, options.intervalMs);
    // A pending timer never keeps the process alive on its own.
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
