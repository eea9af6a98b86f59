import { csvRow } from '@utsav/domain/csv';
import { missingSerials } from '@utsav/domain/gst-numbers';
import { paiseToRupees } from '@utsav/domain/pricing';
import { istDate, istInstant } from '@utsav/domain/time';
import type { Db } from '../../platform/db/database';
import type { TaxDocumentRow } from '../../platform/db/schema-tax';
import type { DocumentLine } from './issue';
import { placeOfSupplyLabel } from './presenter';
import { findTaxDocumentNumber, findTaxDocumentsIssuedBetween } from './repo';

// GET /admin/gst/export?month=YYYY-MM: a month's documents (issued in that IST month) in the sections an
// accountant files a monthly return from: B2B supplies by buyer GSTIN (a row per document and rate), B2C totals by
// place of supply and rate, exempt supplies, credit notes (a row per note and rate), and each document series'
// first and last number, count, cancelled (none: decision 1402) and missing serials. Figures in rupees, read from
// the documents as issued.

type Figures = {
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
};

export interface GstExport {
  month: string;
  b2b: Array<
    {
      number: string;
      date: string;
      buyerGstin: string;
      buyerLegalName: string | null;
      placeOfSupply: string | null;
      ratePercent: number;
    } & Figures & { total: number }
  >;
  b2c: Array<{ placeOfSupply: string | null; ratePercent: number } & Figures>;
  exempt: { b2b: number; b2c: number };
  creditNotes: Array<
    {
      number: string;
      date: string;
      refersTo: string | null;
      buyerGstin: string | null;
      placeOfSupply: string | null;
      ratePercent: number;
    } & Figures & { total: number }
  >;
  series: Array<{
    series: string;
    financialYear: number;
    first: string;
    last: string;
    count: number;
    /**
     * Documents cancelled after issue, the return's column of the documents issued: always 0, since an issued
     * document is never cancelled (a trigger refuses any change; a correction is a credit note in its own series).
     */
    cancelled: number;
    missing: number[];
  }>;
}

const SALES = new Set<TaxDocumentRow['kind']>(['tax-invoice', 'bill-of-supply']);

/** The lines of a document by rate (basis points), summed. */
function byRate(lines: DocumentLine[]): Map<number, Figures & { total: number }> {
  const rates = new Map<number, Figures & { total: number }>();
  for (const line of lines) {
    const sum = rates.get(line.rateBasisPoints) ?? { taxableValue: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
    sum.taxableValue += line.taxablePaise;
    sum.cgst += line.cgstPaise;
    sum.sgst += line.sgstPaise;
    sum.igst += line.igstPaise;
    sum.total += line.totalPaise;
    rates.set(line.rateBasisPoints, sum);
  }
  return rates;
}

function rupees<T extends Figures>(figures: T): T {
  const out: Record<string, unknown> = { ...figures };
  for (const key of ['taxableValue', 'cgst', 'sgst', 'igst', 'total']) {
    if (typeof out[key] === 'number') out[key] = paiseToRupees(out[key]);
  }
  return out as T;
}

/** The IST month's bounds as ISO instants: its first midnight and the next month's. */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { from: istInstant(`${month}-01`).toISOString(), to: istInstant(`${next}-01`).toISOString() };
}

export async function gstExport(db: Db, month: string): Promise<GstExport> {
  const { from, to } = monthBounds(month);
  const documents = await findTaxDocumentsIssuedBetween(db, from, to);
  const result: GstExport = {
    month,
    b2b: [],
    b2c: [],
    exempt: { b2b: 0, b2c: 0 },
    creditNotes: [],
    series: [],
  };
  const b2c = new Map<string, GstExport['b2c'][number]>();
  for (const document of documents) {
    const date = istDate(new Date(document.issued_at));
    const place = placeOfSupplyLabel(document.place_of_supply);
    if (document.kind === 'credit-note') {
      // A row per rate, as for sales: a call-off's credit note reverses an exempt ticket and its taxed fee, which
      // the return reports apart (the exempt value is no taxable value at 18%).
      const refersTo = document.refers_to ? await findTaxDocumentNumber(db, document.refers_to) : null;
      for (const [rate, figures] of byRate(JSON.parse(document.lines) as DocumentLine[])) {
        result.creditNotes.push({
          number: document.number,
          date,
          refersTo,
          buyerGstin: document.buyer_gstin,
          placeOfSupply: place,
          ratePercent: rate / 100,
          ...rupees(figures),
        });
      }
      continue;
    }
    if (!SALES.has(document.kind)) continue;
    for (const [rate, figures] of byRate(JSON.parse(document.lines) as DocumentLine[])) {
      if (rate === 0) {
        result.exempt[document.buyer_gstin ? 'b2b' : 'b2c'] += figures.total;
        continue;
      }
      if (document.buyer_gstin) {
        result.b2b.push({
          number: document.number,
          date,
          buyerGstin: document.buyer_gstin,
          buyerLegalName: document.buyer_legal_name,
          placeOfSupply: place,
          ratePercent: rate / 100,
          ...rupees(figures),
        });
        continue;
      }
      const key = `${place}|${rate}`;
      const sum = b2c.get(key) ?? {
        placeOfSupply: place,
        ratePercent: rate / 100,
        taxableValue: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
      };
      sum.taxableValue += figures.taxableValue;
      sum.cgst += figures.cgst;
      sum.sgst += figures.sgst;
      sum.igst += figures.igst;
      b2c.set(key, sum);
    }
  }
  result.b2c = [...b2c.values()].map((row) => rupees(row));
  result.exempt = { b2b: paiseToRupees(result.exempt.b2b), b2c: paiseToRupees(result.exempt.b2c) };
  result.series = seriesSummary(documents);
  return result;
}

/** Each series and year of the month: its first and last number, how many, and the serials missing between. */
function seriesSummary(documents: TaxDocumentRow[]): GstExport['series'] {
  const groups = new Map<string, TaxDocumentRow[]>();
  for (const document of documents) {
    const key = `${document.series}|${document.financial_year}`;
    groups.set(key, [...(groups.get(key) ?? []), document]);
  }
  return [...groups.values()].map((rows) => {
    const serials = rows.map((row) => Number(row.serial));
    const first = Math.min(...serials);
    // The month starts where the series stood: serials before `first` belong to earlier months.
    const missing = missingSerials(serials.map((serial) => serial - first + 1)).map((gap) => gap + first - 1);
    const byNumber = (serial: number) => rows.find((row) => Number(row.serial) === serial)!.number;
    return {
      series: rows[0]!.series,
      financialYear: Number(rows[0]!.financial_year),
      first: byNumber(first),
      last: byNumber(Math.max(...serials)),
      count: rows.length,
      cancelled: 0,
      missing,
    };
  });
}

export function gstExportCsv(data: GstExport): string {
  const lines: string[] = [];
  const section = (title: string, header: string[], rows: Array<Array<string | number | null>>) => {
    lines.push(csvRow([title]), csvRow(header), ...rows.map((row) => csvRow(row)), csvRow([]));
  };
  section(
    'B2B',
    [
      'Number',
      'Date',
      'Buyer GSTIN',
      'Buyer legal name',
      'Place of supply',
      'Rate %',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ],
    data.b2b.map((r) => [
      r.number,
      r.date,
      r.buyerGstin,
      r.buyerLegalName,
      r.placeOfSupply,
      r.ratePercent,
      r.taxableValue,
      r.cgst,
      r.sgst,
      r.igst,
      r.total,
    ]),
  );
  section(
    'B2C',
    ['Place of supply', 'Rate %', 'Taxable value', 'CGST', 'SGST', 'IGST'],
    data.b2c.map((r) => [r.placeOfSupply, r.ratePercent, r.taxableValue, r.cgst, r.sgst, r.igst]),
  );
  section('Exempt', ['B2B', 'B2C'], [[data.exempt.b2b, data.exempt.b2c]]);
  section(
    'Credit notes',
    [
      'Number',
      'Date',
      'Against',
      'Buyer GSTIN',
      'Place of supply',
      'Rate %',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ],
    data.creditNotes.map((r) => [
      r.number,
      r.date,
      r.refersTo,
      r.buyerGstin,
      r.placeOfSupply,
      r.ratePercent,
      r.taxableValue,
      r.cgst,
      r.sgst,
      r.igst,
      r.total,
    ]),
  );
  section(
    'Documents',
    ['Series', 'Financial year', 'First', 'Last', 'Count', 'Cancelled', 'Missing'],
    data.series.map((r) => [
      r.series,
      r.financialYear,
      r.first,
      r.last,
      r.count,
      r.cancelled,
      r.missing.join(' '),
    ]),
  );
  return lines.join('');
}
