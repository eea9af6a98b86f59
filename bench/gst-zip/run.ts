// The month's documents as one zip of PDFs (GET /admin/gst/export?format=zip), for a large month, on SQLite.
//
//   npx tsx bench/gst-zip/run.ts [--documents 1000,3000] [--language en|hi]
//
// Seeds `documents` tax invoices issued in October 2026 straight into a fresh database (each with three lines and
// a business buyer, as a busy night's are; with --language hi every buyer reads Hindi, so each PDF embeds the
// Devanagari face beside the Latin), then calls the export's own function (tax-documents/documents.ts
// monthDocumentsZip) once per size and reads its stream to the end, as the route's reader does. Measured: wall time, CPU seconds of the whole process
// (the request thread and the document worker, where the PDFs are drawn), the peak RSS above the level before
// (sampled every 10 ms) and the zip's size. CPU per document is the figure to compare on a shared machine.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app';
import { monthDocumentsZip } from '../../apps/server/src/modules/tax-documents/documents';
import type { Db } from '../../apps/server/src/platform/db/database';
import type { TaxDocumentRow } from '../../apps/server/src/platform/db/schema-tax';
import { benchConfig, machine } from '../support';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000,3000' },
    language: { type: 'string', default: 'en' },
  },
});
const SIZES = args.documents.split(',').map(Number);
const LANGUAGE = args.language;

const LINES = [
  { description: 'Admission to a cultural event: Gold pass', quantity: 2, totalPaise: 236_000 },
  { description: 'Admission to a cultural event: Couple pass', quantity: 1, totalPaise: 90_000 },
  { description: 'Convenience fee', quantity: 3, totalPaise: 6_000 },
];

function documentRow(index: number, buyerEmail: string): TaxDocumentRow {
  const lines = LINES.map((line) => {
    const exempt = line.totalPaise / line.quantity <= 50_000 && !line.description.startsWith('Convenience');
    const half = exempt ? 0 : Math.round((line.totalPaise * 9) / 118);
    return {
      description: line.description,
      sacCode: '9996',
      quantity: line.quantity,
      unitPricePaise: Math.round(line.totalPaise / line.quantity),
      taxablePaise: line.totalPaise - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      totalPaise: line.totalPaise,
      rateBasisPoints: exempt ? 0 : 1800,
      admits: 1,
      kind: line.description.startsWith('Convenience') ? 'fee' : 'admission',
    };
  });
  const sum = (key: 'taxablePaise' | 'cgstPaise' | 'totalPaise') =>
    lines.reduce((total, line) => total + line[key], 0);
  const serial = index + 1;
  return {
    id: `bench-${serial}`,
    kind: 'tax-invoice',
    series: 'I',
    financial_year: 2026,
    serial,
    number: `UTSAV/I26/${serial}`,
    source: `bench:${serial}`,
    order_id: null,
    refers_to: null,
    // Spread over the month in IST.
    issued_at: new Date(Date.UTC(2026, 9, 1, 0, 0) + index * 60_000).toISOString(),
    supplier: JSON.stringify({
      gstin: '27AAPFU0939F1ZV',
      legalName: 'Navratri Nights Events LLP',
      tradeName: 'Navratri Nights',
      address: '12 Marine Drive, Mumbai 400020',
      stateCode: '27',
    }),
    place_of_supply: '27',
    buyer_name: `Buyer ${serial}`,
    buyer_email: buyerEmail,
    buyer_gstin: '29AAGCB7383J1Z4',
    buyer_legal_name: 'Bengaluru Dance Company Pvt Ltd',
    buyer_address: '1 MG Road, Bengaluru 560001',
    lines: JSON.stringify(lines),
    taxable_paise: sum('taxablePaise'),
    cgst_paise: sum('cgstPaise'),
    sgst_paise: sum('cgstPaise'),
    igst_paise: 0,
    total_paise: sum('totalPaise'),
  };
}

async function seed(db: Db, count: number): Promise<void> {
  const stamp = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id: 'bench-buyer',
      firebase_uid: null,
      email: 'buyer@bench.test',
      name: 'Bench Buyer',
      photo_url: null,
      phone: null,
      role: 'guest',
      created_at: stamp,
      updated_at: stamp,
      last_login_at: null,
      deleted_at: null,
      language: LANGUAGE,
    })
    .execute();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) =>
      documentRow(start + i, 'buyer@bench.test'),
    );
    await db.insertInto('tax_documents').values(rows).execute();
  }
  // One more in September: the warm-up's.
  await db
    .insertInto('tax_documents')
    .values({ ...documentRow(count, 'buyer@bench.test'), issued_at: '2026-09-15T06:30:00.000Z' })
    .execute();
}

/** Reads the zip as a download does, keeping only its length. */
async function zipSize(zip: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of zip) bytes += chunk.byteLength;
  return bytes;
}

async function measure(count: number): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'utsav-gst-zip-'));
  const app = await buildApp(benchConfig(dataDir, undefined));
  try {
    await seed(app.ctx.db, count);
    // September's one document first: the worker starts and loads pdf-lib and the fonts outside the measured run.
    await zipSize(await monthDocumentsZip(app.ctx, '2026-09'));
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const zipBytes = await zipSize(await monthDocumentsZip(app.ctx, '2026-10'));
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      [
        `documents ${count} (${LANGUAGE})`,
        `wall ${(wall / 1000).toFixed(1)} s`,
        `CPU ${cpuSeconds.toFixed(1)} s (${((cpuSeconds * 1000) / count).toFixed(1)} ms a document)`,
        `peak RSS +${((peak - rssBefore) / 2 ** 20).toFixed(0)} MiB`,
        `zip ${(zipBytes / 2 ** 20).toFixed(1)} MiB`,
      ].join(', '),
    );
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(machine());
for (const size of SIZES) await measure(size);
