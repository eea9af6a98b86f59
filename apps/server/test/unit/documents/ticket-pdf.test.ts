import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderTicketsPdf } from '../../../src/platform/documents/render';
import { ENTRY_NOTE, pdfPrice, renderTicketsPdfHere } from '../../../src/platform/documents/ticket-pdf';
import { newEvent, newOrganiser, newTicket } from './factories';
import { inspectPdf } from './pdf-inspect';
import { decodeQrImage } from './qr-decode';

const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('renderTicketsPdfHere (what the document worker runs)', () => {
  it('has one page per ticket', async () => {
    const tickets = [newTicket(), newTicket(), newTicket()];
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets,
    });
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPageCount()).toBe(3);
    expect(loaded.getTitle()).toBe('Tickets - Utsav Pre-Navratri Garba Night');
  });

  it('names itself in the reader language (the title a viewer shows)', async () => {
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets: [newTicket(), newTicket()],
      language: 'gu',
    });
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getTitle()).toBe('ટિકિટો - Utsav Pre-Navratri Garba Night');
    expect(loaded.getSubject()).toBe('2 ટિકિટો');
  });

  it('prints the event, the IST date and time, the venue, the holder, the price and the ticket code (never the internal id)', async () => {
    const ticket = newTicket({ price: 1249.5 });
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets: [ticket],
      orderRef: 'order_Q7xK2mP9',
    });
    const [page] = await inspectPdf(pdf);
    const text = page?.text.join(' ') ?? '';
    expect(text).toContain('Utsav Pre-Navratri Garba Night');
    expect(text).toContain('Saturday, 21 November 2026');
    expect(text).toContain('6:30 PM - 10:30 PM IST');
    expect(text).toContain('NSCI Dome, Worli, Mumbai');
    expect(text).toContain('Asha Patel');
    expect(text).toContain('₹1,249.50');
    expect(text).toContain(ticket.code);
    expect(text).not.toContain(ticket.id);
    expect(text).not.toContain(ticket.id.slice(-8));
    expect(text).toContain(ENTRY_NOTE);
    expect(text).toContain('order_Q7xK2mP9');
  });

  it('puts a QR on every page that decodes to that page’s own token', async () => {
    const tickets = [newTicket(), newTicket()];
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets,
    });
    const pages = await inspectPdf(pdf);
    for (const [index, page] of pages.entries()) {
      expect(page.images).toHaveLength(1);
      expect(await decodeQrImage(page.images[0]!)).toEqual([tickets[index]?.qrToken]);
    }
  });

  // Needs poppler-utils; proves a real PDF renderer paints the QR as a scannable code, as printed at 150 dpi.
  it.skipIf(!hasPdftoppm)('renders, through a real PDF renderer, a QR that scans', async () => {
    const ticket = newTicket();
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets: [ticket],
    });
    const dir = mkdtempSync(join(tmpdir(), 'utsav-pdf-'));
    try {
      writeFileSync(join(dir, 'ticket.pdf'), pdf);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '150',
        '-singlefile',
        join(dir, 'ticket.pdf'),
        join(dir, 'page'),
      ]);
      expect(await decodeQrImage(readFileSync(join(dir, 'page.png')))).toEqual([ticket.qrToken]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints each ticket’s own name when given, the holder’s otherwise', async () => {
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets: [newTicket({ holderName: 'Ravi Patel' }), newTicket({ holderName: '  ' })],
    });
    const [first, second] = await inspectPdf(pdf);
    expect(first?.text).toContain('Ravi Patel');
    expect(second?.text).toContain('Asha Patel');
  });

  it('prints names in Devanagari and Gujarati as written, and the rupee sign', async () => {
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent({ name: 'नवरात्रि Garba રાત', venue: 'NSCI Dome – Worli' }),
      holderName: 'आशा पटेल',
      tickets: [newTicket({ holderName: 'પ્રિયા પટેલ', price: 299 }), newTicket()],
    });
    const [first, second] = await inspectPdf(pdf);
    expect(first?.text).toContain('પ્રિયા પટેલ');
    expect(first?.text).toContain('नवरात्रि Garba રાત');
    expect(first?.text).toContain('₹299');
    expect(second?.text).toContain('आशा पटेल');
  });

  it('prints a neutral word for a name with no letter any face has (emoji only)', async () => {
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: '🎉🎉',
      tickets: [newTicket({ holderName: '🪔' })],
    });
    const [page] = await inspectPdf(pdf);
    expect(page?.text).toContain('Guest');
  });

  // Needs poppler-utils (the test suite installs it): a real extractor reads the names as written, in logical
  // order (the i-matra of "प्रिया" is drawn before its consonant but read after it).
  it.skipIf(!hasPdftoppm)('gives pdftotext the names in all three scripts as written', async () => {
    const names = ['Asha Patel', 'आशा पटेल', 'પ્રિયા પટેલ', 'क्षत्रिय श्री'];
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets: names.map((holderName) => newTicket({ holderName, price: 1299 })),
    });
    const dir = mkdtempSync(join(tmpdir(), 'utsav-pdf-'));
    try {
      writeFileSync(join(dir, 'tickets.pdf'), pdf);
      const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'tickets.pdf'), '-'], {
        encoding: 'utf8',
      })
        .split('\f')
        .filter((page) => page.trim());
      expect(pages).toHaveLength(names.length);
      for (const [index, name] of names.entries()) {
        expect(pages[index]).toContain(name);
        expect(pages[index]).toContain('₹1,299');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('marks used and cancelled tickets so a printout cannot be mistaken for a valid one', async () => {
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets: [newTicket({ status: 'cancelled' }), newTicket({ status: 'used' })],
    });
    const [cancelled, used] = await inspectPdf(pdf);
    expect(cancelled?.text).toContain('CANCELLED');
    expect(cancelled?.text).not.toContain(ENTRY_NOTE);
    expect(used?.text).toContain('USED');
  });

  it('refuses an empty list rather than writing a PDF without pages', async () => {
    await expect(
      renderTicketsPdfHere({ organiser: newOrganiser(), event: newEvent(), holderName: 'Asha', tickets: [] }),
    ).rejects.toThrow();
  });

  it('fits a very long event name and venue without throwing', async () => {
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent({ name: 'Garba '.repeat(40), venue: 'Hall '.repeat(60) }),
      holderName: 'A'.repeat(200),
      tickets: [newTicket()],
    });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });
});

describe('pdfPrice', () => {
  it('writes rupees with the rupee sign and Indian digit grouping', () => {
    expect(pdfPrice(299)).toBe('₹299');
    expect(pdfPrice(125000)).toBe('₹1,25,000');
    expect(pdfPrice(249.5)).toBe('₹249.50');
    expect(pdfPrice(0)).toBe('Complimentary');
  });
});

describe('renderTicketsPdf', () => {
  it('is made in the document worker: the same pages as on this thread, and an empty list refused here', async () => {
    const tickets = [newTicket({ holderName: 'Bina Rao' }), newTicket()];
    const input = { organiser: newOrganiser(), event: newEvent(), holderName: 'Asha Patel', tickets };
    const [there, here] = await Promise.all([renderTicketsPdf(input), renderTicketsPdfHere(input)]);
    const [a, b] = await Promise.all([inspectPdf(there), inspectPdf(here)]);
    expect(a.map((page) => page.text)).toEqual(b.map((page) => page.text));
    await expect(renderTicketsPdf({ ...input, tickets: [] })).rejects.toThrow(/at least one ticket/);
  }, 60_000);
});
