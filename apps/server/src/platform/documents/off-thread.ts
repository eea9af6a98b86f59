import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TaxInvoicePdfInput } from './tax-invoice-pdf';
import type { SeparateTicketsZipInput } from './ticket-bundle';
import type { TicketsPdfInput } from './ticket-pdf';

// Ticket PDFs are built in a worker thread, not on the thread that answers requests. A page is tens of
// milliseconds of text shaping, and a document ends in one long synchronous save: a 500-ticket PDF was 34 s of
// the server's only thread with single blocks of 2 s, so everyone else's requests waited behind it (and on a
// loaded host the overload guard then refused them). One worker, one document at a time, in the order asked:
// documents are never urgent, and on a two-core host one core stays with the requests.
//
// The worker is the TypeScript module render-worker.ts next to this file (loaded with tsx, as `npm start` runs
// the server), or, in the production bundle, documents-worker.js beside main.js (scripts/build-server.ts).

export type RenderJob =
  | { kind: 'tickets-pdf'; input: TicketsPdfInput }
  | { kind: 'tickets-zip'; input: SeparateTicketsZipInput }
  | { kind: 'tax-invoice-pdf'; input: TaxInvoicePdfInput };

export interface RenderedFile {
  bytes: Uint8Array;
  /** The zip's file name; absent for a PDF. */
  filename?: string;
}

export type RenderReply = { id: number; file: RenderedFile } | { id: number; error: string };

interface Pending {
  resolve(file: RenderedFile): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

// Registers tsx inside the worker before loading the TypeScript entry (a loader given to a worker as
// `--import` does not apply to the worker's own entry point on Node 20).
const TYPESCRIPT_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });
`;

function spawnWorker(): Worker {
  const source = join(import.meta.dirname, 'render-worker.ts');
  if (!existsSync(source)) return new Worker(join(import.meta.dirname, 'documents-worker.js'));
  // The same TypeScript loader as the server's own (tsx), resolved from here so any working directory works.
  // Its ESM API (what `import 'tsx/esm/api'` loads); require.resolve would give the CommonJS one.
  const tsx = join(
    dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist/esm/api/index.mjs',
  );
  return new Worker(TYPESCRIPT_BOOTSTRAP, {
    eval: true,
    workerData: { tsx: pathToFileURL(tsx).href, entry: pathToFileURL(source).href },
  });
}

function started(): Worker {
  if (worker) return worker;
  const spawned = spawnWorker();
  spawned.on('message', (reply: RenderReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) spawned.unref();
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.file);
  });
  const fail = (error: Error) => {
    if (worker === spawned) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  spawned.on('error', fail);
  spawned.on('exit', (code) => fail(new Error(`the document worker exited with code ${code}`)));
  // Idle, it never keeps the process alive (listeners first: attaching one refs the worker again).
  spawned.unref();
  worker = spawned;
  return spawned;
}

/** Runs `job` in the document worker; the bytes come back transferred, not copied. */
export function renderOffThread(job: RenderJob): Promise<RenderedFile> {
  const id = nextId++;
  return new Promise<RenderedFile>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const running = started();
    // While a document is being made the worker keeps the process alive; a shutdown does not wait for it
    // (main.ts exits; the outbox releases the mail it was for, see platform/outbox/worker.ts).
    running.ref();
    running.postMessage({ id, job });
  });
}
