import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '@utsav/domain/languages';
import { describe, expect, it } from 'vitest';
import {
  renderTaxInvoicePdfHere,
  type TaxInvoicePdfInput,
} from '../../../src/platform/documents/tax-invoice-pdf';
import { inspectPdf } from './pdf-inspect';

// A tax document's PDF is in English; for a buyer who reads Hindi or Gujarati each fixed label has its words beside
// it, and so do the fees' descriptions we write. What the organiser typed (the admission line's description, the
// names, the address) prints as typed, and English readers get English only.

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function creditNote(language?: Language): TaxInvoicePdfInput {
  return {
    title: 'Credit note',
    number: 'UTSAV/C26/4',
    date: '2026-10-10',
    placeOfSupply: '27-Maharashtra',
    notes: [{ template: 'Against {{number}}', params: { number: 'UTSAV/I26/7' } }],
    supplier: {
      legalName: 'Navratri Nights Events LLP',
      address: '12 Marine Drive, Mumbai',
      gstin: '27AAPFU0939F1ZV',
    },
    buyer: {
      name: 'Asha Patel',
      legalName: 'Bengaluru Dance Company Pvt Ltd',
      gstin: '29AAGCB7383J1Z4',
      address: '1 MG Road, Bengaluru',
    },
    lines: [
      {
        description: 'Admission to a cultural event: Gold pass',
        sacCode: '9996',
        quantity: 1,
        unitPrice: '1180.00',
        taxableValue: '1000.00',
        cgst: '90.00',
        sgst: '90.00',
        igst: '0.00',
        total: '1180.00',
      },
      {
        description: 'Convenience fee',
        sacCode: '9996',
        quantity: 1,
        unitPrice: '20.00',
        taxableValue: '16.94',
        cgst: '1.53',
        sgst: '1.53',
        igst: '0.00',
        total: '20.00',
      },
    ],
    totals: { taxableValue: '1016.94', cgst: '91.53', sgst: '91.53', igst: '0.00', total: '1200.00' },
    ...(language ? { language } : {}),
  };
}

const textOf = async (input: TaxInvoicePdfInput) =>
  (await inspectPdf(await renderTaxInvoicePdfHere(input))).flatMap((page) => page.text);

describe('renderTaxInvoicePdfHere (what the document worker runs)', () => {
  it('in Hindi: each fixed label with its Hindi beside it, the fee described in both, the organiser’s text as typed', async () => {
    const text = await textOf(creditNote('hi'));
    for (const expected of [
      'CREDIT NOTE / क्रेडिट नोट',
      'No. / क्रमांक UTSAV/C26/4',
      'Date / तारीख़ 2026-10-10',
      'Place of supply / आपूर्ति का स्थान 27-Maharashtra',
      'Against UTSAV/I26/7 / UTSAV/I26/7 के बदले',
      'Supplier / आपूर्तिकर्ता',
      'Bill to / ख़रीदार',
      'Attn. / ध्यानार्थ Asha Patel',
      'विवरण',
      'मात्रा',
      'कर योग्य',
      'Convenience fee',
      'सुविधा शुल्क',
      'Total / कुल',
      'Amount (INR) / राशि (INR) 1200.00',
      'राशियाँ रुपये में। जहाँ GST लागू है, वहाँ वह क़ीमत में शामिल है।',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Admission to a cultural event: Gold pass');
  });

  it('in Gujarati the same labels carry Gujarati', async () => {
    const text = await textOf(creditNote('gu'));
    for (const expected of [
      'CREDIT NOTE / ક્રેડિટ નોટ',
      'Supplier / પુરવઠો આપનાર',
      'Bill to / ખરીદનાર',
      'સુવિધા ફી',
      'Total / કુલ',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('in English (or with no language) only English, on one line of number, date and place', async () => {
    for (const input of [creditNote('en'), creditNote()]) {
      const text = await textOf(input);
      expect(text).toContain('CREDIT NOTE');
      expect(text).toContain('No. UTSAV/C26/4    Date 2026-10-10    Place of supply 27-Maharashtra');
      expect(text).toContain('Against UTSAV/I26/7');
      expect(text.join('\n')).not.toMatch(/[\u0900-\u097f\u0a80-\u0aff]/);
    }
  });

  // Needs poppler-utils (the suite installs it): a real extractor reads the Hindi labels in logical order.
  it.skipIf(!hasPdftotext)('gives pdftotext the Hindi labels beside the English ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'utsav-tax-pdf-'));
    try {
      writeFileSync(join(dir, 'note.pdf'), await renderTaxInvoicePdfHere(creditNote('hi')));
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'note.pdf'), '-'], {
        encoding: 'utf8',
      });
      for (const expected of ['CREDIT NOTE / क्रेडिट नोट', 'Supplier / आपूर्तिकर्ता', 'सुविधा शुल्क', '1200.00']) {
        expect(text).toContain(expected);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
