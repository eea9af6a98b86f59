import type { Language } from '@utsav/domain/languages';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { type Translate, translator } from '../i18n/messages';
import { embedDocumentFonts, type TextFont } from './pdf-fonts';
import { truncate } from './pdf-text-layout';

// A tax document (tax invoice, bill of supply, receipt, credit note) as an A4 PDF: the supplier, the number and
// date, the place of supply, the buyer, a line per item with its SAC code and each tax, and the totals. The
// figures come in as the document's own strings (rupees, two decimals), so the page prints exactly what the
// JSON answer says. Made in the document worker (off-thread.ts), like ticket PDFs.
//
// The document is in English, the language of the returns it is filed with; for a buyer who reads Hindi or
// Gujarati, each fixed label has its translation beside it (or under it, where a column is narrow), and so do the
// descriptions we write (the fees'); what the organiser or the buyer typed prints as typed (decision 1409).

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
  /** Printed under the title, as sentences to translate: the original document a credit note reverses. */
  notes: Array<{ template: string; params?: Record<string, string> }>;
  supplier: { legalName: string; address: string; gstin: string | null };
  buyer: { name: string; legalName: string | null; gstin: string | null; address: string | null };
  lines: TaxInvoiceLine[];
  totals: { taxableValue: string; cgst: string; sgst: string; igst: string; total: string };
  /** The buyer's language: its words go beside the English labels; English (or absent) prints English only. */
  language?: Language | undefined;
}

/**
 * A label in English with the reader's words beside it: `English / हिन्दी`, or English alone when the language is
 * English or has no words for it (a description the organiser wrote, say).
 */
function bilingual(say: Translate | null) {
  const english = (template: string, params?: Record<string, string>) =>
    Object.entries(params ?? {}).reduce(
      (text, [key, value]) => text.replaceAll(`{{${key}}}`, value),
      template,
    );
  const local = (template: string, params?: Record<string, string>) => {
    if (!say) return null;
    const said = say(template, params);
    // A sentence the catalogs do not know comes back as its English.
    return said === english(template, params) || said === '' ? null : said;
  };
  return {
    local,
    pair: (template: string, params?: Record<string, string>) => {
      const words = local(template, params);
      return words ? `${english(template, params)} / ${words}` : english(template, params);
    },
  };
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
// The lines table: where the description starts, then the right edge of each column after it.
const COLUMNS = [MARGIN, 215, 245, 270, 322, 372, 417, 462, 507, A4.width - MARGIN];

/** The table's headings: English, and under them the reader's words (SAC and the taxes' names are the same). */
const HEADINGS = ['Description', 'SAC', 'Qty', 'Unit price', 'Taxable', 'CGST', 'SGST', 'IGST', 'Total'];
const SAME_IN_EVERY_LANGUAGE = new Set(['SAC', 'CGST', 'SGST', 'IGST']);
const FOOTNOTE = 'Amounts in rupees. Prices include GST where it applies.';

/** The document's PDF: what the document worker runs (the server asks through render.ts's renderTaxInvoicePdf). */
export async function renderTaxInvoicePdfHere(input: TaxInvoicePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.title} ${input.number}`);
  pdf.setAuthor(input.supplier.legalName);
  pdf.setCreator('Utsav');
  pdf.setProducer('Utsav');
  pdf.setLanguage('en-IN');
  const language = input.language ?? 'en';
  const { local, pair } = bilingual(language === 'en' ? null : translator(language));
  const localHeadings = HEADINGS.map((heading) =>
    SAME_IN_EVERY_LANGUAGE.has(heading) ? '' : (local(heading) ?? ''),
  );
  const localDescriptions = input.lines.map((item) => local(item.description));
  const title = pair(input.title);
  const fields = [
    `${pair('No.')} ${input.number}`,
    `${pair('Date')} ${input.date}`,
    `${pair('Place of supply')} ${input.placeOfSupply}`,
  ];
  const notes = input.notes.map((note) => pair(note.template, note.params));
  const labels = {
    supplier: pair('Supplier'),
    billTo: pair('Bill to'),
    attention: pair('Attn.'),
    total: pair('Total'),
    amount: pair('Amount (INR)'),
  };
  const footnote = [FOOTNOTE, local(FOOTNOTE)].filter((text): text is string => Boolean(text));
  // Every face the page will draw with, so the Devanagari or Gujarati face is embedded only when needed.
  const fonts = await embedDocumentFonts(
    pdf,
    JSON.stringify([input, title, fields, notes, labels, footnote, localHeadings, localDescriptions]),
  );
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

  line(title.toUpperCase(), { font: fonts.bold, size: 16 });
  // English alone fits one line; with the reader's words beside each label, one line each.
  if (language === 'en') line(fields.join('    '));
  else for (const field of fields) line(field);
  for (const note of notes) line(note, { color: MUTED });
  y -= 8;
  line(labels.supplier, { font: fonts.bold, size: 9, color: MUTED });
  line(input.supplier.legalName, { font: fonts.bold });
  for (const part of input.supplier.address.split('\n')) line(part);
  if (input.supplier.gstin) line(`GSTIN ${input.supplier.gstin}`);
  y -= 8;
  line(labels.billTo, { font: fonts.bold, size: 9, color: MUTED });
  line(input.buyer.legalName ?? input.buyer.name, { font: fonts.bold });
  if (input.buyer.legalName && input.buyer.legalName !== input.buyer.name)
    line(`${labels.attention} ${input.buyer.name}`);
  for (const part of (input.buyer.address ?? '').split('\n').filter(Boolean)) line(part);
  if (input.buyer.gstin) line(`GSTIN ${input.buyer.gstin}`);
  y -= 12;

  y = drawRow(
    page,
    HEADINGS,
    y,
    fonts.bold,
    localHeadings.some(Boolean) ? localHeadings : null,
    fonts.regular,
  );
  for (const [index, item] of input.lines.entries()) {
    if (y < MARGIN + 80) {
      page = pdf.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
    const cells = [item.description, item.sacCode, String(item.quantity), item.unitPrice, item.taxableValue];
    const under = localDescriptions[index] ? [localDescriptions[index]] : null;
    y = drawRow(
      page,
      [...cells, item.cgst, item.sgst, item.igst, item.total],
      y,
      fonts.regular,
      under,
      fonts.regular,
    );
  }
  const { totals } = input;
  y -= 4;
  y = drawRow(
    page,
    [labels.total, '', '', '', totals.taxableValue, totals.cgst, totals.sgst, totals.igst, totals.total],
    y,
    fonts.bold,
  );
  y -= 12;
  line(`${labels.amount} ${totals.total}`, { font: fonts.bold, size: 12 });
  for (const text of footnote) line(text, { size: 8, color: MUTED });
  return pdf.save();
}

/**
 * One row of the lines table: the description left-aligned, every figure right-aligned to its column; `under`,
 * smaller and muted on a line of its own below, the same cells in the reader's language (the headings, a fee's
 * description).
 */
function drawRow(
  page: PDFPage,
  cells: string[],
  y: number,
  font: TextFont,
  under: string[] | null = null,
  underFont: TextFont = font,
): number {
  const size = 8;
  if (under) {
    drawCells(page, under, y - size - 2, underFont, 7, MUTED);
    drawCells(page, cells, y, font, size, INK);
    y -= size + 2;
  } else drawCells(page, cells, y, font, size, INK);
  page.drawLine({
    start: { x: MARGIN, y: y - 4 },
    end: { x: A4.width - MARGIN, y: y - 4 },
    thickness: 0.4,
    color: rgb(0.8, 0.8, 0.82),
  });
  return y - size - 9;
}

function drawCells(
  page: PDFPage,
  cells: string[],
  y: number,
  font: TextFont,
  size: number,
  color: typeof INK,
) {
  for (const [index, cell] of cells.entries()) {
    if (!cell) continue;
    const left = index === 0 ? MARGIN : COLUMNS[index]! + 2;
    const right = index === 0 ? COLUMNS[1]! - 6 : COLUMNS[index + 1]!;
    // A figure is never cut (it may reach into the gap before its column); a description or a heading in the
    // reader's language is, to its column.
    const text = index === 0 || color === MUTED ? truncate(cell, font, size, right - left) : cell;
    // The description from the left edge, every figure to its column's right edge.
    const x = index === 0 ? left : right - font.widthOfTextAtSize(text, size);
    font.draw(page, text, { x, y, size, color });
  }
}
