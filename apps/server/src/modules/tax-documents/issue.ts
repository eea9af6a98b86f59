import { randomUUID } from 'node:crypto';
import type { TaxedLine, TaxParts } from '@utsav/domain/gst';
import { DOCUMENT_SERIES, documentNumber, financialYearOf } from '@utsav/domain/gst-numbers';
import { type Db, transaction } from '../../platform/db/database';
import type { TaxDocumentKind, TaxDocumentRow } from '../../platform/db/schema-tax';
import { findTaxDocumentBySource, insertTaxDocument, linkDocumentTickets, nextSerial } from './repo';

// Writing a document with its number, once per source (docs/decisions/1402-tax-documents.md). The number is
// taken in the same transaction that writes the document (repo.ts nextSerial, the numbering invariant), and the
// source is unique: a second issuer of the same sale (a retried job, another instance) finds it documented and
// rolls its own transaction back, serial included, so it leaves no gap.

/** The supplier as the settings were when the document was issued. */
export interface SupplierSnapshot {
  gstin: string | null;
  legalName: string | null;
  tradeName: string | null;
  address: string | null;
  stateCode: string | null;
}

/** A document line: the domain's taxed line, plus the people one unit admits (shown, and read by credits). */
export interface DocumentLine extends TaxedLine {
  admits: number;
  kind: 'admission' | 'fee';
  /** On a credit note: the index of the original document's line this line reverses. */
  creditsLine?: number;
}

export interface DocumentBuyer {
  name: string;
  email: string | null;
  gstin: string | null;
  legalName: string | null;
  address: string | null;
}

export interface DocumentDraft {
  source: string;
  kind: TaxDocumentKind;
  prefix: string;
  orderId: string | null;
  refersTo: string | null;
  supplier: SupplierSnapshot;
  placeOfSupply: string | null;
  buyer: DocumentBuyer;
  lines: DocumentLine[];
  totals: TaxParts;
  /** The tickets it was issued for when no order holds them (a staff issuance's), linked with it. */
  ticketIds?: readonly string[];
}

class AlreadyDocumented extends Error {}

/**
 * A document whose figures depend on documents issued before it (a credit note reverses what earlier ones left):
 * inside the issuing transaction, `lock` takes the lock that serialises such documents, the source is looked up
 * again (another issuer may have documented it while we waited), then `build` reads what it needs, all before the
 * serial is taken.
 */
export interface DraftBuilder {
  source: string;
  lock: (trx: Db) => Promise<void>;
  build: (trx: Db) => Promise<DocumentDraft>;
}

/** The document of `draft.source`: issued now, or the one issued before (`issued` false). */
export async function issueTaxDocument(
  db: Db,
  draftOrBuilder: DocumentDraft | DraftBuilder,
  now: Date,
): Promise<{ document: TaxDocumentRow; issued: boolean }> {
  const source = draftOrBuilder.source;
  const existing = await findTaxDocumentBySource(db, source);
  if (existing) return { document: existing, issued: false };
  try {
    const document = await transaction(db, async (trx) => {
      let draft: DocumentDraft;
      if ('build' in draftOrBuilder) {
        await draftOrBuilder.lock(trx);
        if (await findTaxDocumentBySource(trx, source)) throw new AlreadyDocumented();
        draft = await draftOrBuilder.build(trx);
      } else draft = draftOrBuilder;
      if (draft.source !== source) throw new Error(`a draft for ${draft.source} built for ${source}`);
      const row = await writeDocument(trx, draft, now);
      // Another issuer documented this source since our read: our serial rolls back with us.
      if (!row) throw new AlreadyDocumented();
      return row;
    });
    return { document, issued: true };
  } catch (error) {
    if (!(error instanceof AlreadyDocumented)) throw error;
    const document = await findTaxDocumentBySource(db, source);
    if (!document) throw new Error(`document of ${source} vanished`);
    return { document, issued: false };
  }
}

/**
 * Takes the next number of the draft's series and writes the document (and its tickets' link), inside the caller's
 * transaction; null when its source is documented already (the caller rolls back, the serial with it).
 */
async function writeDocument(trx: Db, draft: DocumentDraft, now: Date): Promise<TaxDocumentRow | null> {
  const financialYear = financialYearOf(now);
  const series = DOCUMENT_SERIES[draft.kind];
  const serial = await nextSerial(trx, series, financialYear);
  const row = documentRow(draft, series, financialYear, serial, now);
  if (!(await insertTaxDocument(trx, row))) return null;
  await linkDocumentTickets(trx, row.id, draft.ticketIds ?? []);
  return row;
}

/**
 * A document whose source is new to the caller's own transaction (tickets staff issue with payment received): its
 * number is taken in that transaction, which holds the serial counter's row until it commits and rolls the number
 * back with everything else if it fails. A source documented already is an error, never a second document.
 */
export async function issueTaxDocumentWithin(
  trx: Db,
  draft: DocumentDraft,
  now: Date,
): Promise<TaxDocumentRow> {
  const row = await writeDocument(trx, draft, now);
  if (!row) throw new Error(`${draft.source} is documented already`);
  return row;
}

function documentRow(
  draft: DocumentDraft,
  series: string,
  financialYear: number,
  serial: number,
  now: Date,
): TaxDocumentRow {
  return {
    id: randomUUID(),
    kind: draft.kind,
    series,
    financial_year: financialYear,
    serial,
    number: documentNumber(draft.prefix, draft.kind, financialYear, serial),
    source: draft.source,
    order_id: draft.orderId,
    refers_to: draft.refersTo,
    issued_at: now.toISOString(),
    supplier: JSON.stringify(draft.supplier),
    place_of_supply: draft.placeOfSupply,
    buyer_name: draft.buyer.name,
    buyer_email: draft.buyer.email,
    buyer_gstin: draft.buyer.gstin,
    buyer_legal_name: draft.buyer.legalName,
    buyer_address: draft.buyer.address,
    lines: JSON.stringify(draft.lines),
    taxable_paise: draft.totals.taxablePaise,
    cgst_paise: draft.totals.cgstPaise,
    sgst_paise: draft.totals.sgstPaise,
    igst_paise: draft.totals.igstPaise,
    total_paise: draft.totals.totalPaise,
  };
}
