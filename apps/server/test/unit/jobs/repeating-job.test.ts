import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRepeatingJob } from '../../../src/platform/jobs/repeating-job';

afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('startRepeatingJob', () => {
  it('runs once per interval and hands each result to onResult', async () => {
    vi.useFakeTimers();
    const results: number[] = [];
    let calls = 0;
    const job = startRepeatingJob({
      name: 'counting',
      intervalMs: 1000,
      log: { error: vi.fn() },
      run: async () => ++calls,
      onResult: (result) => results.push(result),
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(results).toEqual([1, 2]);
    await job.stop();
  });

  it('never starts a run while the previous one is still going', async () => {
    vi.useFakeTimers();
    const slow = deferred();
    let started = 0;
    const job = startRepeatingJob({
      name: 'slow',
      intervalMs: 100,
      log: { error: vi.fn() },
      run: async () => {
        started++;
        if (started === 1) await slow.promise;
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(1);
    slow.resolve();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    await job.stop();
  });

  it('logs a failed run under its name and keeps going', async () => {
    vi.useFakeTimers();
    const error = vi.fn();
    let calls = 0;
    const job = startRepeatingJob({
      name: 'refund polling',
      intervalMs: 10,
      log: { error },
      run: async () => {
        calls++;
        throw new Error('Razorpay down');
      },
    });
    await vi.advanceTimersByTimeAsync(25);
    expect(calls).toBe(2);
    expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'refund polling failed');
    await job.stop();
  });

  it('stop waits for the run in progress and schedules no more', async () => {
    vi.useFakeTimers();
    const slow = deferred();
    let calls = 0;
    let finished = false;
    const job = startRepeatingJob({
      name: 'slow',
      intervalMs: 10,
      log: { error: vi.fn() },
      run: async () => {
        calls++;
        await slow.promise;
        finished = true;
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    const stopping = job.stop();
    slow.resolve();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1);
  });
});
