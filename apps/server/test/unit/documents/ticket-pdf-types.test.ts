import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTicketsPdfHere } from '../../../src/platform/documents/ticket-pdf';
import { newEvent, newOrganiser, newTicket } from './factories';
import { inspectPdf } from './pdf-inspect';
import { decodeQrImage } from './qr-decode';

// A ticket page names the type the ticket was sold as, the way My Tickets does, and a couple pass never says
// "admit one" at its top. A page with the type's row and a venue of two lines still has a QR that scans.

const COUPLE = { name: 'Couple pass', nameHi: 'कपल पास', nameGu: 'કપલ પાસ', admits: 2 };
const FEMALE = { name: 'Female pass', nameHi: 'महिला पास', admits: 1 };
const LONG_VENUE =
  'NSCI Dome, Lala Lajpatrai Marg, Worli, Mumbai, Maharashtra 400018, next to the sea link entrance';

function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a ticket page shows its type', () => {
  it('prints "Couple pass · admits 2" and ADMITS 2 at the top; a one-person type is its name and ADMIT ONE', async () => {
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets: [newTicket({ ticketType: COUPLE }), newTicket({ ticketType: FEMALE })],
    });
    const [couple, female] = await inspectPdf(pdf);
    expect(couple!.text).toContain('Couple pass · admits 2');
    expect(couple!.text).toContain('TYPE');
    expect(couple!.text.join('\n')).toContain('ADMITS 2');
    expect(couple!.text.join('\n')).not.toContain('ADMIT ONE');
    expect(female!.text).toContain('Female pass');
    expect(female!.text.join('\n')).not.toMatch(/admits 1/i);
    expect(female!.text.join('\n')).toContain('ADMIT ONE');
  });

  it("names the type in the reader's language", async () => {
    const pdf = await renderTicketsPdfHere({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets: [newTicket({ ticketType: COUPLE })],
      language: 'gu',
    });
    const [page] = await inspectPdf(pdf);
    expect(page!.text).toContain('કપલ પાસ · 2 લોકોનો પ્રવેશ');
    expect(page!.text).toContain('પ્રકાર');
  });

  it.skipIf(!hasPdftoppm())(
    'with the type row and a two-line venue, the QR printed at 150 dpi still scans',
    async () => {
      const ticket = newTicket({ ticketType: COUPLE });
      const pdf = await renderTicketsPdfHere({
        organiser: newOrganiser(),
        event: newEvent({ venue: LONG_VENUE }),
        holderName: 'Asha Patel',
        tickets: [ticket],
        language: 'hi',
      });
      const [page] = await inspectPdf(pdf);
      expect(page!.text).toContain('कपल पास · 2 लोगों का प्रवेश');
      const dir = mkdtempSync(join(tmpdir(), 'utsav-pdf-type-'));
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
    },
  );
});
