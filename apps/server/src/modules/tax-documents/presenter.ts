import { GST_STATES } from '@utsav/domain/gstin';
import type { Language } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import { istDate } from '@utsav/domain/time';
import type { TaxDocumentRow } from '../../platform/db/schema-tax';
import type { TaxInvoicePdfInput } from '../../platform/documents/tax-invoice-pdf';
import type { DocumentLine, SupplierSnapshot } from './issue';

// A document as GET /tickets/orders/{orderId}/document answers it (rupees) and as its PDF prints it (the same
// figures with two decimals), read from the row as issued, never from today's settings.

export interface TaxDocumentView {
  kind: TaxDocumentRow['kind'];
  number: string;
  /** The IST date of issue, YYYY-MM-DD. */
  date: string;
  /** "27-Maharashtra": the state code and name, as returns name it; null when no state is known. */
  placeOfSupply: string | null;
  refersTo: string | null;
  supplier: { gstin: string | null; legalName: string | null; address: string | null };
  buyer: { name: string; gstin?: string; legalName?: string; address?: string };
  lines: Array<{
    description: string;
    sacCode: string;
    quantity: number;
    unitPrice: number;
    taxableValue: number;
    cgst: number;
    sgst: number;
    igst: number;
    total: number;
  }>;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export function placeOfSupplyLabel(code: string | null): string | null {
  if (!code) return null;
  return GST_STATES[code] ? `${code}-${GST_STATES[code]}` : code;
}

export function toDocumentView(row: TaxDocumentRow, refersToNumber: string | null): TaxDocumentView {
  const supplier = JSON.parse(row.supplier) as SupplierSnapshot;
  const lines = JSON.parse(row.lines) as DocumentLine[];
  return {
    kind: row.kind,
    number: row.number,
    date: istDate(new Date(row.issued_at)),
    placeOfSupply: placeOfSupplyLabel(row.place_of_supply),
    refersTo: refersToNumber,
    supplier: { gstin: supplier.gstin, legalName: supplier.legalName, address: supplier.address },
    buyer: {
      name: row.buyer_name,
      ...(row.buyer_gstin ? { gstin: row.buyer_gstin } : {}),
      ...(row.buyer_legal_name ? { legalName: row.buyer_legal_name } : {}),
      ...(row.buyer_address ? { address: row.buyer_address } : {}),
    },
    lines: lines.map((line) => ({
      description: line.description,
      sacCode: line.sacCode,
      quantity: line.quantity,
      unitPrice: paiseToRupees(line.unitPricePaise),
      taxableValue: paiseToRupees(line.taxablePaise),
      cgst: paiseToRupees(line.cgstPaise),
      sgst: paiseToRupees(line.sgstPaise),
      igst: paiseToRupees(line.igstPaise),
      total: paiseToRupees(line.totalPaise),
    })),
    taxableValue: paiseToRupees(Number(row.taxable_paise)),
    cgst: paiseToRupees(Number(row.cgst_paise)),
    sgst: paiseToRupees(Number(row.sgst_paise)),
    igst: paiseToRupees(Number(row.igst_paise)),
    total: paiseToRupees(Number(row.total_paise)),
  };
}

const TITLES: Record<TaxDocumentRow['kind'], string> = {
  'tax-invoice': 'Tax invoice',
  'bill-of-supply': 'Bill of supply',
  receipt: 'Receipt',
  'credit-note': 'Credit note',
};

const rupees = (value: number) => value.toFixed(2);

/** The PDF of a document; `language` the buyer's, whose words go beside the English labels (decision 1409). */
export function toPdfInput(view: TaxDocumentView, language: Language = 'en'): TaxInvoicePdfInput {
  return {
    title: TITLES[view.kind],
    number: view.number,
    date: view.date,
    placeOfSupply: view.placeOfSupply ?? '-',
    notes: view.refersTo ? [{ template: 'Against {{number}}', params: { number: view.refersTo } }] : [],
    language,
    supplier: {
      legalName: view.supplier.legalName ?? '',
      address: view.supplier.address ?? '',
      gstin: view.supplier.gstin,
    },
    buyer: {
      name: view.buyer.name,
      legalName: view.buyer.legalName ?? null,
      gstin: view.buyer.gstin ?? null,
      address: view.buyer.address ?? null,
    },
    lines: view.lines.map((line) => ({
      description: line.description,
      sacCode: line.sacCode,
      quantity: line.quantity,
      unitPrice: rupees(line.unitPrice),
      taxableValue: rupees(line.taxableValue),
      cgst: rupees(line.cgst),
      sgst: rupees(line.sgst),
      igst: rupees(line.igst),
      total: rupees(line.total),
    })),
    totals: {
      taxableValue: rupees(view.taxableValue),
      cgst: rupees(view.cgst),
      sgst: rupees(view.sgst),
      igst: rupees(view.igst),
      total: rupees(view.total),
    },
  };
}
