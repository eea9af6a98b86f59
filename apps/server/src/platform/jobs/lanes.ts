// Bounded concurrency for a job's batch: a few items in flight at once (each one's own I/O: a transaction, a call to
// a provider), never the whole batch, and a way for an item to say "stop taking more" (a provider asking us to slow
// down).

/**
 * Runs `work` on each item, `lanes` at a time, each lane taking the next item when it is done with one. When a call
 * answers false, no lane takes another item (those in hand finish): true, the run was told to back off. A call that
 * throws stops the lanes the same way and is thrown once every lane has stopped, so a run never ends (and the next
 * one starts) while a lane of it is still working.
 */
export async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<boolean>,
): Promise<boolean> {
  let next = 0;
  let stop = false;
  const lane = async () => {
    while (!stop && next < items.length) {
      const item = items[next++]!;
      try {
        if (!(await work(item))) stop = true;
      } catch (error) {
        stop = true;
        throw error;
      }
    }
  };
  const ended = await Promise.allSettled(Array.from({ length: Math.min(lanes, items.length) }, lane));
  const failed = ended.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return stop;
}
