import { prettyFactory } from 'pino-pretty';
import SonicBoom from 'sonic-boom';

// Where pino's lines go: stdout, readable on a terminal (pino-pretty), JSON lines otherwise.
//
// Why not pino's own default destination: it registers an exit hook that writes the buffered lines with
// SonicBoom.flushSync, which on a full pipe (nobody reads stdout) retries EAGAIN forever in Atomics.wait. On
// SIGTERM, process.exit() then never returns: the main thread sits in a futex, the exit timer cannot fire,
// and only SIGKILL ends the process (docs/decisions/0014-logger-without-exit-hook.md, test/integration/startup.test.ts). Here the stream never
// writes synchronously, keeps at most MAX_BUFFERED_BYTES waiting (the rest is dropped and counted, never
// memory without end), and the caller waits for it at exit only as long as it chooses (flush).

const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export interface LogDestination {
  /** What pino writes each serialised line to. */
  readonly stream: { write(line: string): void };
  readonly format: 'pretty' | 'json';
  /** Resolves true once every buffered line reached stdout, false after `timeoutMs` if the reader stalls. */
  flush(timeoutMs: number): Promise<boolean>;
  /** Lines dropped so far because stdout was not being read. */
  readonly dropped: number;
}

export interface LogDestinationOptions {
  fd?: number;
  /** Pretty lines for a person; defaults to whether stdout is a terminal. */
  pretty?: boolean;
  maxBufferedBytes?: number;
}

export function createLogDestination(options: LogDestinationOptions = {}): LogDestination {
  const fd = options.fd ?? 1;
  const pretty = options.pretty ?? Boolean(process.stdout.isTTY);
  const sonic = new SonicBoom({
    fd,
    sync: false,
    minLength: 0,
    maxLength: options.maxBufferedBytes ?? MAX_BUFFERED_BYTES,
  });
  const format = pretty
    ? prettyFactory({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' })
    : undefined;
  let pending = 0;
  let dropped = 0;
  let droppedUnreported = 0;
  let broken = false;
  let justDropped = false;

  // Emitted synchronously inside sonic.write when the line would pass maxLength.
  sonic.on('drop', () => {
    justDropped = true;
    dropped++;
    droppedUnreported++;
  });
  sonic.on('write', (bytes: number) => {
    pending -= bytes;
    // The reader is back: say what it missed, once, in the same format.
    if (droppedUnreported > 0 && pending <= 0) {
      const count = droppedUnreported;
      droppedUnreported = 0;
      send(
        JSON.stringify({
          level: 40,
          time: Date.now(),
          msg: `${count} log lines were dropped: stdout was not being read`,
        }),
      );
    }
  });
  // EPIPE (the reader went away) or any other write error: stop logging rather than crash the server.
  sonic.on('error', () => {
    broken = true;
  });

  function send(line: string): void {
    if (broken) return;
    const text = format ? format(line) : line.endsWith('\n') ? line : `${line}\n`;
    justDropped = false;
    sonic.write(text);
    if (!justDropped) pending += Buffer.byteLength(text);
  }

  return {
    stream: { write: send },
    format: pretty ? 'pretty' : 'json',
    get dropped() {
      return dropped;
    },
    flush(timeoutMs) {
      if (pending <= 0 || broken) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          sonic.off('drain', drained);
          resolve(false);
        }, timeoutMs);
        function drained() {
          clearTimeout(timer);
          resolve(true);
        }
        sonic.once('drain', drained);
      });
    },
  };
}

let shared: LogDestination | undefined;

/** One stdout destination per process for apps built without their own (tests, benches, scripts). */
export function processLogDestination(): LogDestination {
  shared ??= createLogDestination();
  return shared;
}
