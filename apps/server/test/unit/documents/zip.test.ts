import type { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  manualIssuanceZipName,
  safeFileName,
  type ZipEntry,
  zipFiles,
  zipStream,
} from '../../../src/platform/documents/zip';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('zipFiles', () => {
  it('round-trips every file byte for byte', () => {
    const pdf = new Uint8Array(5000).map((_, i) => (i * 7) % 256);
    const zip = zipFiles([
      { name: 'Ticket-1.pdf', bytes: pdf },
      { name: 'notes.txt', bytes: bytes('Garba night') },
    ]);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['Ticket-1.pdf', 'notes.txt']);
    expect(files['Ticket-1.pdf']).toEqual(pdf);
    expect(new TextDecoder().decode(files['notes.txt'])).toBe('Garba night');
  });

  it('keeps two files with the same name apart', () => {
    const files = unzipSync(
      zipFiles([
        { name: 'Ticket.pdf', bytes: bytes('a') },
        { name: 'ticket.pdf', bytes: bytes('b') },
        { name: 'Ticket.pdf', bytes: bytes('c') },
      ]),
    );
    expect(Object.keys(files)).toEqual(['Ticket.pdf', 'ticket-2.pdf', 'Ticket-3.pdf']);
  });

  it('cannot write outside the folder it is extracted into', () => {
    const files = unzipSync(zipFiles([{ name: '../../etc/passwd', bytes: bytes('x') }]));
    expect(Object.keys(files)).toEqual(['etc-passwd']);
  });
});

describe('zipStream', () => {
  it('writes the same files as zipFiles, made one at a time, names safe and unique', async () => {
    const pdf = new Uint8Array(50_000).map((_, i) => (i * 13) % 256);
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: 'INV-2026-1.pdf', bytes: pdf };
      yield { name: 'inv-2026-1.pdf', bytes: bytes('second') };
      yield { name: '../notes.txt', bytes: bytes('Garba night '.repeat(100)) };
    }
    const files = unzipSync(new Uint8Array(await buffer(zipStream(entries()))));
    expect(Object.keys(files)).toEqual(['INV-2026-1.pdf', 'inv-2026-1-2.pdf', 'notes.txt']);
    expect(files['INV-2026-1.pdf']).toEqual(pdf);
    expect(new TextDecoder().decode(files['inv-2026-1-2.pdf'])).toBe('second');
    expect(new TextDecoder().decode(files['notes.txt'])).toBe('Garba night '.repeat(100));
  });

  it('makes a valid empty zip for a month without documents', async () => {
    async function* none(): AsyncGenerator<ZipEntry> {}
    expect(unzipSync(new Uint8Array(await buffer(zipStream(none()))))).toEqual({});
  });

  it('asks for entries only as fast as the reader takes them, and for none once the reader has gone', async () => {
    let made = 0;
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < 1000; i++) {
        made++;
        yield { name: `doc-${i}.pdf`, bytes: new Uint8Array(64 * 1024) };
      }
    }
    const stream = zipStream(entries());
    // Nobody reads: the writer stops once the stream's buffer is full instead of making all 1,000 (64 MB). (The
    // stream is a PassThrough; its writable side says when it is full.)
    await expect.poll(() => (stream as PassThrough).writableNeedDrain).toBe(true);
    const stalledAt = made;
    expect(stalledAt).toBeLessThan(5);
    // The reader reads one chunk and goes away: at most the entry in hand is finished, nothing more is made.
    stream.read();
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toBeLessThanOrEqual(stalledAt + 1);
  });
});

describe('safeFileName', () => {
  it('keeps letters, digits, dot, dash and underscore and the extension', () => {
    expect(safeFileName('Asha Patel (VIP) #2.pdf')).toBe('Asha-Patel-VIP-2.pdf');
    expect(safeFileName('ticket_01.pdf')).toBe('ticket_01.pdf');
  });

  it('strips accents and drops scripts it cannot spell', () => {
    expect(safeFileName('José Müller')).toBe('Jose-Muller');
    expect(safeFileName('आशा पटेल')).toBe('file');
    expect(safeFileName('आशा पटेल', 'Guest')).toBe('Guest');
  });

  it('never makes a hidden file or an empty name', () => {
    expect(safeFileName('.env')).toBe('env');
    expect(safeFileName('...')).toBe('file');
    expect(safeFileName('')).toBe('file');
  });

  it('caps the length and keeps the extension', () => {
    const name = safeFileName(`${'a'.repeat(300)}.pdf`);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('manualIssuanceZipName', () => {
  it('names the zip after the recipient and the date', () => {
    expect(manualIssuanceZipName('Asha Patel', '2026-11-21')).toBe('Utsav-Tickets-Asha-Patel-2026-11-21.zip');
  });

  it('uses the IST day of an instant', () => {
    expect(manualIssuanceZipName('Asha Patel', new Date('2026-11-20T20:00:00Z'))).toBe(
      'Utsav-Tickets-Asha-Patel-2026-11-21.zip',
    );
  });

  it('falls back to Guest for a name it cannot spell', () => {
    expect(manualIssuanceZipName('आशा <पटेल>', '2026-11-21')).toBe('Utsav-Tickets-Guest-2026-11-21.zip');
  });
});
