import { describe, expect, it } from 'vitest';
import { batchedTurns } from '../../../src/platform/db/batched-turns';

// platform/db/batched-turns.ts: a lone call runs at once; calls that wait while the batches in flight run go in
// the next batch together, in arrival order; one key never in two batches at once; a failure rejects its batch
// only and frees its turn.

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A batch runner that records its batches and finishes each when the test says so. */
function recorder<I>() {
  const batches: I[][] = [];
  const gates: ReturnType<typeof deferred>[] = [];
  let running = 0;
  let most = 0;
  const run = async (items: I[]) => {
    batches.push(items);
    const gate = deferred();
    gates.push(gate);
    running++;
    most = Math.max(most, running);
    try {
      await gate.promise;
    } finally {
      running--;
    }
    return items.map((item) => `answer to ${String(item)}`);
  };
  return { batches, gates, run, most: () => most };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedTurns', () => {
  it('runs a lone call at once, as a batch of one', async () => {
    const { batches, gates, run } = recorder<string>();
    const call = batchedTurns({ maxInFlight: 2, maxBatch: 10, run });
    const answer = call('a');
    expect(batches).toEqual([['a']]);
    gates[0]!.resolve();
    expect(await answer).toBe('answer to a');
  });

  it('puts the calls that wait into the next batch, in order, at most maxBatch each, maxInFlight at once', async () => {
    const { batches, gates, run, most } = recorder<number>();
    const call = batchedTurns({ maxInFlight: 2, maxBatch: 3, run });
    const answers = Array.from({ length: 9 }, (_, index) => call(index));
    expect(batches).toEqual([[0], [1]]);
    gates[0]!.resolve();
    await turn();
    expect(batches).toEqual([[0], [1], [2, 3, 4]]);
    gates[1]!.resolve();
    await turn();
    expect(batches).toEqual([[0], [1], [2, 3, 4], [5, 6, 7]]);
    for (let index = 2; index < 5; index++) {
      gates[index]?.resolve();
      await turn();
    }
    expect(batches.at(-1)).toEqual([8]);
    expect(await Promise.all(answers)).toEqual(answers.map((_, index) => `answer to ${index}`));
    expect(most()).toBe(2);
  });

  it('never has one key in two batches, nor twice in one; calls with other keys go ahead', async () => {
    const { batches, gates, run } = recorder<string>();
    const call = batchedTurns({ maxInFlight: 2, maxBatch: 10, run, keyOf: (item) => item[0]! });
    const answers = ['a1', 'a2', 'b1', 'a3', 'c1', 'b2'].map(call);
    // a1 alone; a2 waits for it, b1 goes ahead in the second batch.
    expect(batches).toEqual([['a1'], ['b1']]);
    gates[1]!.resolve();
    await turn();
    // b's batch is done, a's is not: the next takes c1 and b2, a2 and a3 still wait.
    expect(batches).toEqual([['a1'], ['b1'], ['c1', 'b2']]);
    gates[0]!.resolve();
    await turn();
    expect(batches.at(-1)).toEqual(['a2']);
    gates[2]!.resolve();
    gates[3]!.resolve();
    await turn();
    expect(batches.at(-1)).toEqual(['a3']);
    gates[4]!.resolve();
    expect(await Promise.all(answers)).toEqual(
      ['a1', 'a2', 'b1', 'a3', 'c1', 'b2'].map((x) => `answer to ${x}`),
    );
  });

  it('held, starts no batch; released, sends every call that waited as one batch (up to maxBatch)', async () => {
    const { batches, gates, run } = recorder<number>();
    const call = batchedTurns({ maxInFlight: 2, maxBatch: 4, run });
    const release = call.hold();
    const answers = Array.from({ length: 5 }, (_, index) => call(index));
    expect(batches).toEqual([]);
    expect(call.waiting()).toBe(5);
    release();
    expect(batches).toEqual([[0, 1, 2, 3], [4]]);
    expect(call.waiting()).toBe(0);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(answers)).toEqual(answers.map((_, index) => `answer to ${index}`));
  });

  it('rejects every call of a failed batch, and the next batch still runs', async () => {
    const { batches, gates, run } = recorder<string>();
    const call = batchedTurns({ maxInFlight: 1, maxBatch: 10, run });
    const first = call('a');
    const second = call('b');
    const third = call('c');
    gates[0]!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await turn();
    expect(batches).toEqual([['a'], ['b', 'c']]);
    gates[1]!.resolve();
    expect(await Promise.all([second, third])).toEqual(['answer to b', 'answer to c']);
  });

  it('refuses a runner that answers a different number of calls', async () => {
    const call = batchedTurns<string, string>({ maxInFlight: 1, maxBatch: 10, run: async () => [] });
    await expect(call('a')).rejects.toThrow('0 answers for 1 calls');
  });

  it('refuses limits that are not positive integers', () => {
    const run = async (items: string[]) => items;
    expect(() => batchedTurns({ maxInFlight: 0, maxBatch: 1, run })).toThrow(RangeError);
    expect(() => batchedTurns({ maxInFlight: 1, maxBatch: 1.5, run })).toThrow(RangeError);
  });
});
