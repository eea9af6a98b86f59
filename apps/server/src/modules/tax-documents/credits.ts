import { sumParts, type TaxParts } from '@utsav/domain/gst';
import {
  type CreditedLine,
  type CreditRequest,
  creditNote,
  type FeeKind,
  feeDocument,
  lineOfTicket,
  remainingOnLines,
  wholeRemainder,
} from '@utsav/domain/gst-credits';
import { linePaidPerTicket } from '@utsav/domain/order-lines';
import { gstRatesOf } from '@utsav/domain/tax-settings-schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/database';
import type { TaxDocumentRow } from '../../platform/db/schema-tax';
import { lockOrder } from '../../stores/orders';
import { findUserById } from '../../stores/users';
import { type DocumentBuyer, type DocumentDraft, type DocumentLine, issueTaxDocument } from './issue';
import {
  findCreditNotesOf,
  findOrderSaleLines,
  findRefundForCredit,
  findTaxDocumentBySource,
  findTransferForDocument,
} from './repo';
import { buyerOf, issueOrderDocument, supplierOf } from './sale';
import { currentTaxSettings } from './settings';

// Credit notes and fee documents (docs/decisions/1403-credit-notes-and-fees.md; figures: @utsav/domain/gst-credits).
// Each is made by the outbox job 'tax-document' that the refund's or fee's own transaction queued:
// - a cancelled ticket's refund: a credit note reversing the ticket's whole price on its line of the sale's
//   document, and a tax invoice for the deduction kept ('refund:<id>', 'cancellation-fee:<id>'); a called-off
//   night's refund also reverses the ticket's share of the convenience fee on the fee's line;
// - a late payment given back whole (its seats were sold meanwhile): its sale's document, and a credit note
//   reversing all of it ('late-refund:<orderId>');
// - a transfer's fee: its tax invoice once paid, and a credit note reversing it when the transfer failed and the
//   fee went back ('transfer-fee:<id>', 'transfer-fee-refund:<id>').
//
// CREDIT INVARIANT: a line's credit notes never reverse more than the line carried, and the one that empties it
// takes exactly what is left. Every credit note of an order is built inside its issuing transaction after the
// order's row is locked (PostgreSQL; SQLite runs one write transaction at a time), so two credits of one order,
// from two instances at once, each see the other's lines. The lock order is the order row, then the serial
// counter (issue.ts), never the reverse. Hammered by tax-credit-notes.test.ts.

/** The sale's document of an order: issued before, or now (the sale's job may not have run yet). */
async function saleDocumentOf(ctx: AppContext, orderId: string): Promise<TaxDocumentRow | null> {
  return (
    (await findTaxDocumentBySource(ctx.db, `order:${orderId}`)) ?? (await issueOrderDocument(ctx, orderId))
  );
}

async function creditedLines(trx: Db, documentId: string): Promise<CreditedLine[]> {
  const notes = await findCreditNotesOf(trx, documentId);
  return notes.flatMap((note) =>
    (JSON.parse(note.lines) as DocumentLine[]).map((line) => ({ ...line, line: line.creditsLine! })),
  );
}

/** A credit note against `original`: its supplier, place and buyer as the original had them. */
function creditDraft(
  original: TaxDocumentRow,
  source: string,
  prefix: string,
  lines: readonly DocumentLine[],
  credit: { lines: CreditedLine[]; totals: TaxParts },
): DocumentDraft {
  return {
    source,
    kind: 'credit-note',
    prefix,
    orderId: original.order_id,
    refersTo: original.id,
    supplier: JSON.parse(original.supplier),
    placeOfSupply: original.place_of_supply,
    buyer: buyerOfDocument(original),
    lines: credit.lines.map(({ line: index, ...parts }) => {
      const line = lines[index]!;
      return {
        ...line,
        ...parts,
        quantity: Math.max(1, Math.round(parts.totalPaise / Math.max(1, line.unitPricePaise))),
        creditsLine: index,
      };
    }),
    totals: credit.totals,
  };
}

/** Issues a credit note against `original`; `requests` is decided under the order's lock from what remains. */
async function issueCredit(
  ctx: AppContext,
  original: TaxDocumentRow,
  source: string,
  requests: (trx: Db, lines: DocumentLine[], earlier: CreditedLine[]) => Promise<CreditRequest[]>,
): Promise<TaxDocumentRow> {
  const prefix = (await currentTaxSettings(ctx.db)).invoicePrefix;
  const issued = await issueTaxDocument(
    ctx.db,
    {
      source,
      // A document without an order (a transfer fee) has one credit note at most: its unique source suffices.
      lock: async (trx) => {
        if (original.order_id) await lockOrder(trx, original.order_id);
      },
      build: async (trx) => {
        const lines = JSON.parse(original.lines) as DocumentLine[];
        const earlier = await creditedLines(trx, original.id);
        const wanted = await requests(trx, lines, earlier);
        if (wanted.length === 0) throw new Error(`${source}: nothing left to credit on ${original.number}`);
        return creditDraft(original, source, prefix, lines, creditNote(lines, earlier, wanted));
      },
    },
    ctx.now(),
  );
  return issued.document;
}

/** The document of a fee the organiser kept, taxed at the rate whatever its size. */
async function issueFee(
  ctx: AppContext,
  fee: {
    source: string;
    kind: FeeKind;
    amountPaise: number;
    orderId: string | null;
    refersTo: string | null;
    buyer: DocumentBuyer;
  },
): Promise<TaxDocumentRow> {
  const settings = await currentTaxSettings(ctx.db);
  const computed = feeDocument(fee.kind, fee.amountPaise, settings.sacCode, gstRatesOf(settings));
  const draft: DocumentDraft = {
    source: fee.source,
    kind: computed.kind,
    prefix: settings.invoicePrefix,
    orderId: fee.orderId,
    refersTo: fee.refersTo,
    ...(await supplierOf(ctx, settings)),
    buyer: fee.buyer,
    lines: computed.lines.map((line) => ({ ...line, admits: 1, kind: 'fee' })),
    totals: sumParts([computed]),
  };
  return (await issueTaxDocument(ctx.db, draft, ctx.now())).document;
}

/** A cancelled ticket's refund: the credit note of its whole price, and the invoice of the deduction kept. */
export async function issueRefundDocuments(ctx: AppContext, refundId: string): Promise<void> {
  const refund = await findRefundForCredit(ctx.db, refundId);
  if (!refund) throw new Error(`refund ${refundId} not found`);
  const sale = await saleDocumentOf(ctx, refund.order_id);
  if (!sale) return;
  // A call-off's refund gives the ticket's convenience fee back with it: the ticket's line reverses its price, the
  // fee's line that share (decision 1405).
  const feeBackPaise = Number(refund.convenience_fee_paise ?? 0);
  const pricePaise = Number(refund.original_amount_paise) - feeBackPaise;
  await issueCredit(ctx, sale, `refund:${refund.id}`, async (trx, lines, earlier) => {
    const saleLines = await findOrderSaleLines(trx, refund.order_id);
    const index = lineOfTicket(
      saleLines.map((line) => ({
        ticketTypeId: line.ticket_type_id,
        paidPerTicketPaise: linePaidPerTicket({
          unitPricePaise: Number(line.unit_price_paise),
          discountPerTicketPaise: Number(line.discount_per_ticket_paise),
        }),
      })),
      remainingOnLines(JSON.parse(sale.lines) as DocumentLine[], earlier),
      { ticketTypeId: refund.ticket_type_id ?? null, pricePaise },
    );
    if (index < 0) throw new Error(`refund ${refund.id}: no line of ${sale.number} left for its ticket`);
    if (feeBackPaise === 0) return [{ line: index, amountPaise: pricePaise }];
    const feeIndex = lines.findIndex((line) => line.kind === 'fee');
    if (feeIndex < 0) throw new Error(`refund ${refund.id}: ${sale.number} has no convenience fee line`);
    return [
      { line: index, amountPaise: pricePaise },
      { line: feeIndex, amountPaise: feeBackPaise },
    ];
  });
  const feePaise = Number(refund.processing_fee_paise);
  if (feePaise > 0) {
    await issueFee(ctx, {
      source: `cancellation-fee:${refund.id}`,
      kind: 'cancellation',
      amountPaise: feePaise,
      orderId: refund.order_id,
      refersTo: sale.id,
      buyer: buyerOfDocument(sale),
    });
  }
}

/** A late payment given back whole: its sale's document, then a credit note of all that remains of it. */
export async function issueLatePaymentCredit(ctx: AppContext, orderId: string): Promise<void> {
  const sale = await saleDocumentOf(ctx, orderId);
  if (!sale) return;
  await issueCredit(ctx, sale, `late-refund:${orderId}`, async (_trx, lines, earlier) =>
    wholeRemainder(lines, earlier),
  );
}

/** A paid transfer fee: its invoice; and when the transfer failed and the fee went back, its credit note. */
export async function issueTransferFeeDocuments(ctx: AppContext, transferId: string): Promise<void> {
  const transfer = await findTransferForDocument(ctx.db, transferId);
  if (!transfer) throw new Error(`transfer ${transferId} not found`);
  const feePaise = Number(transfer.fee_paise);
  const settled = transfer.status === 'completed' || transfer.status === 'failed';
  if (!transfer.razorpay_payment_id || feePaise === 0 || !settled) return;
  const invoice = await issueFee(ctx, {
    source: `transfer-fee:${transfer.id}`,
    kind: 'transfer',
    amountPaise: feePaise,
    orderId: null,
    refersTo: null,
    buyer: buyerOf(await findUserById(ctx.db, transfer.from_user_id), null),
  });
  if (transfer.status !== 'failed') return;
  await issueCredit(ctx, invoice, `transfer-fee-refund:${transfer.id}`, async (_trx, lines, earlier) =>
    wholeRemainder(lines, earlier),
  );
}

function buyerOfDocument(document: TaxDocumentRow): DocumentBuyer {
  return {
    name: document.buyer_name,
    email: document.buyer_email,
    gstin: document.buyer_gstin,
    legalName: document.buyer_legal_name,
    address: document.buyer_address,
  };
}
