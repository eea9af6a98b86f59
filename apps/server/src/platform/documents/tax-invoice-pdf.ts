import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { embedDocumentFonts, type TextFont } from './pdf-fonts';
import { truncate } from './pdf-text-layout';

// A tax document (tax invoice, bill of supply, receipt, credit note) as an A4 PDF: the supplier, the number and
// date, the place of supply, the buyer, a line per item with its SAC code and each tax, and the totals. The
// figures come in as the document's own strings (rupees, two decimals), so the page prints exactly what the
// JSON answer says. Made in the document worker (off-thread.ts), like ticket PDFs.

export interface TaxInvoiceLine {
  description: string;
  sacCode: string;
  quantity: number;
  unitPrice: string;
  taxableValue: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

export interface TaxInvoicePdfInput {
  title: string;
  number: string;
  date: string;
  placeOfSupply: string;
  /** Printed under the title: the original document a credit note reverses, and so on. */
  notes: string[];
  supplier: { legalName: string; address: string; gstin: string | null };
  buyer: { name: string; legalName: string | null; gstin: string | null; address: string | null };
  lines: TaxInvoiceLine[];
  totals: { taxableValue: string; cgst: string; sgst: string; igst: string; total: string };
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
// The lines table: where the description starts, then the right edge of each column after it.
const COLUMNS = [MARGIN, 215, 245, 270, 322, 372, 417, 462, 507, A4.width - MARGIN];

function textOf(input: TaxInvoicePdfInput): string {
  return JSON.stringify(input);
}

/** The document's PDF: what the document worker runs (the server asks through render.ts's renderTaxInvoicePdf). */
export async function renderTaxInvoicePdfHere(input: TaxInvoicePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.title} ${input.number}`);
  pdf.setAuthor(input.supplier.legalName);
  pdf.setCreator('Utsav');
  pdf.setProducer('Utsav');
  pdf.setLanguage('en-IN');
  const fonts = await embedDocumentFonts(pdf, textOf(input));
  let page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const line = (
    text: string,
    options: { font?: TextFont; size?: number; x?: number; color?: typeof INK } = {},
  ) => {
    const size = options.size ?? 10;
    const x = options.x ?? MARGIN;
    const font = options.font ?? fonts.regular;
    font.draw(page, truncate(text, font, size, A4.width - MARGIN - x), {
      x,
      y,
      size,
      color: options.color ?? INK,
    });
    y -= size + 5;
  };

  line(input.title.toUpperCase(), { font: fonts.bold, size: 16 });
  line(`No. ${input.number}    Date ${input.date}    Place of supply ${input.placeOfSupply}`);
  for (const note of input.notes) line(note, { color: MUTED });
  y -= 8;
  line('Supplier', { font: fonts.bold, size: 9, color: MUTED });
  line(input.supplier.legalName, { font: fonts.bold });
  for (const part of input.supplier.address.split('\n')) line(part);
  if (input.supplier.gstin) line(`GSTIN ${input.supplier.gstin}`);
  y -= 8;
  line('Bill to', { font: fonts.bold, size: 9, color: MUTED });
  line(input.buyer.legalName ?? input.buyer.name, { font: fonts.bold });
  if (input.buyer.legalName && input.buyer.legalName !== input.buyer.name) line(`Attn. ${input.buyer.name}`);
  for (const part of (input.buyer.address ?? '').split('\n').filter(Boolean)) line(part);
  if (input.buyer.gstin) line(`GSTIN ${input.buyer.gstin}`);
  y -= 12;

  const header = ['Description', 'SAC', 'Qty', 'Unit price', 'Taxable', 'CGST', 'SGST', 'IGST', 'Total'];
  y = drawRow(page, header, y, fonts.bold);
  for (const item of input.lines) {
    if (y < MARGIN + 80) {
      page = pdf.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
    const cells = [item.description, item.sacCode, String(item.quantity), item.unitPrice, item.taxableValue];
    y = drawRow(page, [...cells, item.cgst, item.sgst, item.igst, item.total], y, fonts.regular);
  }
  const { totals } = input;
  y -= 4;
  y = drawRow(
    page,
    ['Total', '', '', '', totals.taxableValue, totals.cgst, totals.sgst, totals.igst, totals.total],
    y,
    fonts.bold,
  );
  y -= 12;
  line(`Amount (INR) ${totals.total}`, { font: fonts.bold, size: 12 });
  line('Amounts in rupees. Prices include GST where it applies.', { size: 8, color: MUTED });
  return pdf.save();
}

/** One row of the lines table: the description left-aligned, every figure right-aligned to its column. */
function drawRow(page: PDFPage, cells: string[], y: number, font: TextFont): number {
  const size = 8;
  for (const [index, cell] of cells.entries()) {
    if (index === 0) {
      font.draw(page, truncate(cell, font, size, COLUMNS[1]! - MARGIN - 6), {
        x: MARGIN,
        y,
        size,
        color: INK,
      });
      continue;
    }
    const right = COLUMNS[index + 1]!;
    const width = font.widthOfTextAtSize(cell, size);
    font.draw(page, cell, { x: right - width, y, size, color: INK });
  }
  page.drawLine({
    start: { x: MARGIN, y: y - 4 },
    end: { x: A4.width - MARGIN, y: y - 4 },
    thickness: 0.4,
    color: rgb(0.8, 0.8, 0.82),
  });
  return y - size - 9;
}
