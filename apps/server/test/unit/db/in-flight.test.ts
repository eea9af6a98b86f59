import { describe, expect, it } from 'vitest';
import { inFlightLimit } from '../../../src/platform/db/in-flight';

// platform/db/in-flight.ts: never more than max at once, first come first served, a failure frees its turn.

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('inFlightLimit', () => {
  it('runs at most max at once, the others in the order they came', async () => {
    const limit = inFlightLimit(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = gates.map((gate, index) =>
      limit(async () => {
        started.push(index);
        running++;
        most = Math.max(most, running);
        await gate.promise;
        running--;
        return index;
      }),
    );
    await turn();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('a failing call gives its turn to the next and still fails for its caller', async () => {
    const limit = inFlightLimit(1);
    const first = deferred();
    const failing = limit(() => first.promise);
    const next = limit(async () => 'ran');
    first.reject(new Error('statement failed'));
    await expect(failing).rejects.toThrow('statement failed');
    expect(await next).toBe('ran');
    // Nothing is left held: two more run one after the other.
    expect(await Promise.all([limit(async () => 1), limit(async () => 2)])).toEqual([1, 2]);
  });

  it('refuses a limit that would run nothing', () => {
    expect(() => inFlightLimit(0)).toThrow(RangeError);
    expect(() => inFlightLimit(1.5)).toThrow(RangeError);
  });
});
