// Tables of tax settings and tax documents (migration 0036); rules in @utsav/domain/gst, decisions in
// docs/decisions/1401-gst-figures.md and 1402-tax-documents.md. Money in paise, instants as ISO text, flags as 0/1.

/** The organiser's GST settings: at most one row, id 'tax'. */
export interface TaxSettingsTable {
  id: string;
  registered: number;
  gstin: string | null;
  legal_name: string | null;
  trade_name: string | null;
  address: string | null;
  sac_code: string;
  sac_description: string;
  /** 18% is 1800. */
  rate_basis_points: number;
  exempt_up_to_per_person_paise: number;
  invoice_prefix: string;
  prices_include_tax: number;
  place_of_supply_state_code: string | null;
  /** The convenience fee (migration 0046): 'none', 'fixed' (value in paise) or 'percent' (hundredths of a %). */
  convenience_fee_basis?: 'none' | 'fixed' | 'percent';
  convenience_fee_value?: number;
  convenience_fee_paid_by?: 'buyer' | 'organiser';
  updated_by: string | null;
  updated_at: string;
}

export type TaxDocumentKind = 'tax-invoice' | 'bill-of-supply' | 'receipt' | 'credit-note';

/** A document as issued: never updated (a trigger refuses it). */
export interface TaxDocumentsTable {
  id: string;
  kind: TaxDocumentKind;
  /** The series letter (@utsav/domain/gst-numbers DOCUMENT_SERIES). */
  series: string;
  /** The year the financial year starts in (IST). */
  financial_year: number;
  serial: number;
  number: string;
  /** What it documents, once: 'order:<id>', 'refund:<id>', 'fee:<...>'. */
  source: string;
  order_id: string | null;
  /** A credit note's original document. */
  refers_to: string | null;
  issued_at: string;
  /** JSON SupplierSnapshot. */
  supplier: string;
  place_of_supply: string | null;
  buyer_name: string;
  buyer_email: string | null;
  buyer_gstin: string | null;
  buyer_legal_name: string | null;
  buyer_address: string | null;
  /** JSON array of DocumentLine. */
  lines: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

/**
 * The tickets a document was issued for when no order holds them (staff issuance with payment received; migration
 * 0047), written with the document. No foreign key on the ticket: a hand-issued ticket may be deleted, its
 * document stays.
 */
export interface TaxDocumentTicketsTable {
  document_id: string;
  ticket_id: string;
}

export interface TaxDocumentCountersTable {
  series: string;
  financial_year: number;
  last_serial: number;
}

export type TaxSettingsRow = TaxSettingsTable;
export type TaxDocumentRow = TaxDocumentsTable;
