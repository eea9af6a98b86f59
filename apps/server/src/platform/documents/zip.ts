import { PassThrough, type Readable } from 'node:stream';
import { istDate } from '@utsav/domain/time';
import { Zip, ZipDeflate, ZipPassThrough, type Zippable, zipSync } from 'fflate';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

// PDFs, PNGs and zips are compressed already: deflating them again costs CPU for a fraction of a percent.
const STORED_EXTENSIONS = /\.(pdf|png|jpe?g|webp|gif|zip)$/i;

/**
 * A zip of the files, in the given order. Names are made safe (no folders, no `..`) and unique
 * ("Ticket.pdf", "Ticket-2.pdf"), so entries never overwrite one another when extracted.
 */
export function zipFiles(entries: ZipEntry[]): Uint8Array {
  const files: Zippable = {};
  const names = entryNames();
  for (const entry of entries) {
    const name = names(entry.name);
    files[name] = [entry.bytes, { level: STORED_EXTENSIONS.test(name) ? 0 : 6 }];
  }
  return zipSync(files);
}

/**
 * The same zip, written as the entries arrive: a file is on its way to the reader as soon as it is made, so a
 * month of thousands of documents holds one document in memory at a time (not the whole zip) and its bytes flow
 * from the first document on (a proxy never sees a silent minute). The entries are asked for only as fast as the
 * reader takes them; when the reader goes away (the download cancelled), no further entry is asked for.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    if (!out.destroyed) out.write(chunk);
    if (final) out.end();
  });
  const names = entryNames();
  // Waits for the reader (or its going away); the other listener is removed, so a month of thousands of entries
  // leaves no listener behind.
  const taken = () =>
    new Promise<void>((resolve) => {
      if (!out.writableNeedDrain || out.destroyed) return resolve();
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  void (async () => {
    for await (const entry of entries) {
      if (out.destroyed) return;
      const name = names(entry.name);
      const file = STORED_EXTENSIONS.test(name)
        ? new ZipPassThrough(name)
        : new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(entry.bytes, true);
      await taken();
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Safe names ("no folders, no `..`"), unique within one zip ("Ticket.pdf", "Ticket-2.pdf"). */
function entryNames(): (name: string) => string {
  const used = new Set<string>();
  return (wanted) => {
    const name = uniqueName(safeFileName(wanted), used);
    used.add(name.toLowerCase());
    return name;
  };
}

/**
 * A file name that is safe on Windows, macOS, Linux and in a Content-Disposition header: ASCII letters,
 * digits, dot, dash and underscore; accents stripped (José -> Jose); anything else becomes one dash.
 * Keeps the extension, at most 100 characters, never empty, never hidden (no leading dot).
 */
export function safeFileName(text: string, fallback = 'file'): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  const dot = ascii.lastIndexOf('.');
  const extension = dot > 0 && ascii.length - dot <= 6 ? ascii.slice(dot) : '';
  const stem = (extension ? ascii.slice(0, dot) : ascii)
    .replace(/[-._]+$/, '')
    .slice(0, 100 - extension.length);
  const base = stem.replace(/[-._]+$/, '') || fallback;
  return `${base}${extension}`;
}

/** `Utsav-Tickets-Asha-Patel-2026-11-21.zip`; the date is the IST day when given an instant. */
export function manualIssuanceZipName(recipientName: string, date: string | Date): string {
  const day = typeof date === 'string' ? date.slice(0, 10) : istDate(date);
  return safeFileName(`Utsav-Tickets-${safeFileName(recipientName, 'Guest')}-${day}.zip`);
}

function uniqueName(name: string, used: Set<string>): string {
  if (!used.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}${extension}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
