import { parentPort } from 'node:worker_threads';
import type { RenderedFile, RenderJob, RenderReply } from './off-thread';
import { renderTaxInvoicePdfHere } from './tax-invoice-pdf';
import { renderSeparateTicketsZipHere } from './ticket-bundle';
import { renderTicketsPdfHere } from './ticket-pdf';

// The document worker (off-thread.ts): one job at a time, in the order they arrive.

async function render(job: RenderJob): Promise<RenderedFile> {
  switch (job.kind) {
    case 'tickets-pdf':
      return { bytes: await renderTicketsPdfHere(job.input) };
    case 'tickets-zip':
      return renderSeparateTicketsZipHere(job.input);
    case 'tax-invoice-pdf':
      return { bytes: await renderTaxInvoicePdfHere(job.input) };
  }
}

let queue: Promise<void> = Promise.resolve();
parentPort!.on('message', ({ id, job }: { id: number; job: RenderJob }) => {
  queue = queue.then(async () => {
    let reply: RenderReply;
    try {
      reply = { id, file: await render(job) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    const transfer = 'file' in reply ? [reply.file.bytes.buffer as ArrayBuffer] : [];
    parentPort!.postMessage(reply, transfer);
  });
});
