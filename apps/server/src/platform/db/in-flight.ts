// At most `max` of a kind of statement in flight per process; the rest wait their turn, first come first served.
// On a small box PostgreSQL's own CPU per statement grows with the number of backends running at once (the gate's
// statement: ~250 µs at 6 clients, ~330 µs at 20, pgbench on the 2-core test box; bench/RESULTS.md, fifth round),
// so a burst of one hot statement is better queued here than spread over every pooled connection. The pool stays
// as large as the purchase path needs (database.ts): only the callers of one limiter share its turns.

export type InFlight = <T>(work: () => Promise<T>) => Promise<T>;

export function inFlightLimit(max: number): InFlight {
  if (!Number.isInteger(max) || max < 1)
    throw new RangeError(`inFlightLimit: max must be a positive integer`);
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running < max) running++;
    // The slot is handed over by the caller that leaves it (running stays the same), so none is lost or doubled.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
