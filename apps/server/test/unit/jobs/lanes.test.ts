import { describe, expect, it } from 'vitest';
import { inLanes } from '../../../src/platform/jobs/lanes';

/** A promise and its resolve, to hold an item's work until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('inLanes', () => {
  it('does every item once, never more than `lanes` at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    const items = Array.from({ length: 23 }, (_, i) => i);
    const stopped = await inLanes(items, 4, async (item) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await Promise.resolve();
      await Promise.resolve();
      done.push(item);
      inFlight--;
      return true;
    });
    expect(stopped).toBe(false);
    expect(most).toBe(4);
    expect(done.sort((a, b) => a - b)).toEqual(items);
  });

  it('takes no new item once one says stop; the items in hand finish', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const held = gate();
    const run = inLanes([0, 1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      if (item !== 0) await held.opened;
      finished.push(item);
      return item !== 0;
    });
    // Item 0 said stop at once; items 1 and 2 were already in the other lanes.
    held.open();
    expect(await run).toBe(true);
    expect(started.sort()).toEqual([0, 1, 2]);
    expect(finished.sort()).toEqual([0, 1, 2]);
  });

  it('throws a failure only once every lane has stopped', async () => {
    const finished: number[] = [];
    const held = gate();
    const run = inLanes([0, 1, 2], 2, async (item) => {
      if (item === 0) throw new Error('boom');
      await held.opened;
      finished.push(item);
      return true;
    });
    let settled = false;
    const outcome = run.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    held.open();
    expect(await outcome).toBe('boom');
    // Lane two finished item 1 and took nothing after the failure.
    expect(finished).toEqual([1]);
  });

  it('does nothing for no items', async () => {
    expect(await inLanes([], 4, async () => false)).toBe(false);
  });
});
