import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogDestination } from '../../src/platform/logger';

// A reader that never reads: the write end of a pipe into `sleep`, as stdout is for `node main.ts | sleep 600`.

let reader: ChildProcess | undefined;

afterEach(() => {
  reader?.kill('SIGKILL');
  reader = undefined;
});

function stalledPipe(): number {
  reader = spawn('sleep', ['60'], { stdio: ['pipe', 'ignore', 'ignore'] });
  const fd = (reader.stdin as unknown as { _handle: { fd: number } })._handle.fd;
  expect(fd).toBeGreaterThan(2);
  return fd;
}

const line = (i: number) =>
  `${JSON.stringify({ level: 30, time: Date.now(), msg: `line ${i} ${'x'.repeat(200)}` })}\n`;

describe('the log destination', () => {
  it('keeps writing without blocking when nobody reads, dropping and counting what passes its cap', () => {
    const logs = createLogDestination({ fd: stalledPipe(), pretty: false, maxBufferedBytes: 256 * 1024 });
    // A write that blocked on the full pipe would never return (the reader never reads): the loop ending at all,
    // with lines dropped, is the proof; how fast it ends depends on the machine and is not asserted.
    for (let i = 0; i < 10_000; i++) logs.stream.write(line(i));
    // ~2.3 MB written, a 64 KB pipe and a 256 KB buffer: most lines are dropped, none block.
    expect(logs.dropped).toBeGreaterThan(5000);
  });

  it('flush gives up after its time limit when the reader is stalled', async () => {
    const logs = createLogDestination({ fd: stalledPipe(), pretty: false, maxBufferedBytes: 256 * 1024 });
    for (let i = 0; i < 2000; i++) logs.stream.write(line(i));
    // A flush that waited for the reader would hang (the test's timeout ends it); giving up says false.
    expect(await logs.flush(300)).toBe(false);
  });
});
