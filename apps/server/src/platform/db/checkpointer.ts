import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

// SQLite in WAL mode copies the log back into the database file (a checkpoint) by default inside whichever
// commit pushes the log past 1,000 pages, with two fsyncs, on the connection that committed: ours, on the event
// loop. Under a purchase rush that was about 2/3 of the wall time of every commit (bench/RESULTS.md: commit
// ~340 µs with it, ~100-140 µs without). Here the application's connection never checkpoints; a second
// connection in a worker thread does, PASSIVE (it never waits for, nor blocks, the writer), every few hundred
// ms. Durability is unchanged (synchronous=NORMAL syncs at checkpoints, wherever they run). If the worker
// ever stops, the application's connection takes checkpoints back, so the log cannot grow without bound.

const INTERVAL_MS = 250;
/** SQLite's own default, restored if the background checkpointer is gone. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
const STOP_WAIT_MS = 2000;

// Plain CommonJS, run with `eval`: no TypeScript loader is needed in the worker (tsx, vitest).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const stopped = new Int32Array(workerData.stopped);
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  Atomics.store(stopped, 0, 1);
  Atomics.notify(stopped, 0);
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection (waits up to 2 s), so the caller's close is the last one. */
  stop(): void;
}

/** Takes checkpoints of `file`'s database off the event loop; `connection` stops taking its own. */
export function checkpointInBackground(
  connection: SQLite.Database,
  file: string,
  onError: (error: Error) => void,
): Checkpointer {
  const stopped = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      stopped,
      intervalMs: INTERVAL_MS,
    },
  });
  worker.unref();
  connection.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  let exited = false;
  const takeThemBack = () => {
    if (connection.open) connection.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', (error) => {
    takeThemBack();
    onError(error);
  });
  worker.on('exit', () => {
    exited = true;
    if (!stopping) takeThemBack();
  });
  return {
    stop() {
      if (stopping || exited) return;
      stopping = true;
      worker.postMessage('stop');
      Atomics.wait(new Int32Array(stopped), 0, 0, STOP_WAIT_MS);
    },
  };
}
