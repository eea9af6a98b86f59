import type { Readable } from 'node:stream';
import { isLanguage, type Language } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import { can } from '@utsav/domain/roles';
import { istDate } from '@utsav/domain/time';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/db/schema';
import type { TaxDocumentRow } from '../../platform/db/schema-tax';
import { renderTaxInvoicePdf } from '../../platform/documents/render';
import { type ZipEntry, zipStream } from '../../platform/documents/zip';
import { emailLinkKey, linkKeyMatches } from '../../platform/email-link-key';
import { AppError } from '../../platform/errors';
import { findEventById } from '../../stores/events';
import { findOrderById, findOrderByRazorpayId } from '../../stores/orders';
import { monthBounds } from './export';
import { type TaxDocumentView, toDocumentView, toPdfInput } from './presenter';
import {
  findBuyerLanguages,
  findSourceOwner,
  findTaxDocumentById,
  findTaxDocumentByNumber,
  findTaxDocumentBySource,
  findTaxDocumentNumber,
  findTaxDocumentsIssuedBetween,
  findTaxDocumentsOfOrder,
} from './repo';
import { issueOrderDocument } from './sale';

// GET /tickets/orders/{orderId}/document[?number=…]: the order's document (or one of its credit notes and fee
// invoices by number), for its buyer or staff, or for the confirmation email's "Download invoice" link (`key`,
// platform/email-link-key.ts: a mail app has no session); anyone else is told the order does not exist (a Razorpay
// order id is not a secret worth confirming). A paid order whose job has not run yet gets its document made now:
// issuing is once per order, so the job then finds it made.

export const NO_DOCUMENT = 'This order has no tax document (nothing was paid for it)';
export const NO_SUCH_DOCUMENT = 'This order has no document with that number';
export const NO_NUMBERED_DOCUMENT = 'There is no document with that number';

/** One of an order's documents as listed beside the one shown: the sale's first, then credit notes and fees. */
export interface OrderDocumentEntry {
  kind: TaxDocumentView['kind'];
  number: string;
  date: string;
  refersTo: string | null;
  total: number;
}

const DOCUMENT_LINK = 'utsav-document-link';

/** The confirmation email's "Download invoice" link of an order (its Razorpay order id), the PDF without a sign-in. */
export function documentLink(publicUrl: string, razorpayOrderId: string, eventPrivateKey: string): string {
  const key = emailLinkKey(eventPrivateKey, DOCUMENT_LINK, razorpayOrderId);
  return `${publicUrl}/api/tickets/orders/${encodeURIComponent(razorpayOrderId)}/document?key=${key}`;
}

/** Who asks: a signed-in person (the buyer or staff), or an email link's key. */
export type DocumentAccess = { caller: UserRow } | { key: string };

async function mayRead(
  ctx: AppContext,
  access: DocumentAccess,
  order: { user_id: string; event_id: string; razorpay_order_id: string | null },
): Promise<boolean> {
  if ('caller' in access) return order.user_id === access.caller.id || can(access.caller, 'tax:view');
  const event = await findEventById(ctx.db, order.event_id);
  if (!event?.qr_private_key || !order.razorpay_order_id) return false;
  return linkKeyMatches(
    access.key,
    emailLinkKey(event.qr_private_key, DOCUMENT_LINK, order.razorpay_order_id),
  );
}

/**
 * The order's document `number` (a credit note, the invoice of a deduction kept), or its sale's document when no
 * number is given; with the list of all the order's documents, so a screen can offer each.
 */
export async function orderDocument(
  ctx: AppContext,
  access: DocumentAccess,
  razorpayOrderId: string,
  number?: string,
): Promise<{ document: TaxDocumentView; documents: OrderDocumentEntry[] }> {
  const order = await findOrderByRazorpayId(ctx.db, razorpayOrderId);
  if (!order || !(await mayRead(ctx, access, order))) {
    throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  }
  if (order.status === 'paid' && !(await findTaxDocumentBySource(ctx.db, `order:${order.id}`))) {
    await issueOrderDocument(ctx, order.id);
  }
  const rows = await findTaxDocumentsOfOrder(ctx.db, order.id);
  const sale = rows.find((row) => row.source === `order:${order.id}`);
  const row = number === undefined ? sale : rows.find((candidate) => candidate.number === number);
  if (!row) throw new AppError('NOT_FOUND', number === undefined ? NO_DOCUMENT : NO_SUCH_DOCUMENT);
  const numbers = new Map(rows.map((candidate) => [candidate.id, candidate.number]));
  const numberOf = async (id: string | null) =>
    id ? (numbers.get(id) ?? (await findTaxDocumentNumber(ctx.db, id))) : null;
  const documents: OrderDocumentEntry[] = [];
  for (const candidate of sale ? [sale, ...rows.filter((other) => other !== sale)] : rows) {
    documents.push({
      kind: candidate.kind,
      number: candidate.number,
      date: istDate(new Date(candidate.issued_at)),
      refersTo: await numberOf(candidate.refers_to),
      total: paiseToRupees(Number(candidate.total_paise)),
    });
  }
  return { document: toDocumentView(row, await numberOf(row.refers_to)), documents };
}

/**
 * Whose document it is: the buyer of its order; the owner of tickets staff issued with payment received; the
 * sender who paid a transfer's fee. A credit note is its original's.
 */
async function ownerOfDocument(ctx: AppContext, row: TaxDocumentRow): Promise<string | null> {
  if (row.order_id) return (await findOrderById(ctx.db, row.order_id))?.user_id ?? null;
  const [kind, id] = [
    row.source.slice(0, row.source.indexOf(':')),
    row.source.slice(row.source.indexOf(':') + 1),
  ];
  if (kind === 'issuance') return findSourceOwner(ctx.db, 'ticket', id);
  if (kind === 'transfer-fee' || kind === 'transfer-fee-refund')
    return findSourceOwner(ctx.db, 'transfer', id);
  const original = row.refers_to ? await findTaxDocumentById(ctx.db, row.refers_to) : undefined;
  return original ? ownerOfDocument(ctx, original) : null;
}

/**
 * GET /tickets/documents?number=…: one document by its number, for the person it was issued to or staff. It
 * reaches what the order route cannot: a transfer fee's invoice and credit note, and the document of tickets staff
 * issued with payment received, which have no checkout order. Anyone else is told there is no such document.
 */
export async function numberedDocument(
  ctx: AppContext,
  caller: UserRow,
  number: string,
): Promise<TaxDocumentView> {
  const row = await findTaxDocumentByNumber(ctx.db, number);
  const allowed = row && (can(caller, 'tax:view') || (await ownerOfDocument(ctx, row)) === caller.id);
  if (!row || !allowed) throw new AppError('NOT_FOUND', NO_NUMBERED_DOCUMENT);
  const refersTo = row.refers_to ? await findTaxDocumentNumber(ctx.db, row.refers_to) : null;
  return toDocumentView(row, refersTo);
}

/**
 * GET /admin/gst/export?format=zip: every document issued in the month (IST) as its PDF, named by its number, in
 * one zip for the accountant's records. Rendered one after the other in the document worker, so a large month
 * costs time on that worker, never on the request threads of checkout (other documents take their turns between
 * these); the zip is written as each PDF is made (zipStream), so only one is held at a time.
 */
export async function monthDocumentsZip(ctx: AppContext, month: string): Promise<Readable> {
  const { from, to } = monthBounds(month);
  const rows = await findTaxDocumentsIssuedBetween(ctx.db, from, to);
  const numbers = new Map(rows.map((row) => [row.id, row.number]));
  const languages = await findBuyerLanguages(
    ctx.db,
    rows.flatMap((row) => (row.buyer_email ? [row.buyer_email] : [])),
  );
  async function* pdfs(): AsyncGenerator<ZipEntry> {
    for (const row of rows) {
      const refersTo = row.refers_to
        ? (numbers.get(row.refers_to) ?? (await findTaxDocumentNumber(ctx.db, row.refers_to)))
        : null;
      const language = languageOf(row.buyer_email ? languages.get(row.buyer_email) : undefined);
      const bytes = await renderTaxInvoicePdf(toPdfInput(toDocumentView(row, refersTo), language));
      yield { name: `${row.number.replaceAll('/', '-')}.pdf`, bytes };
    }
  }
  return zipStream(pdfs());
}

/** A document's PDF, with its buyer's language beside the English labels (decision 1409). */
export async function documentPdf(ctx: AppContext, view: TaxDocumentView): Promise<Uint8Array> {
  const row = await findTaxDocumentByNumber(ctx.db, view.number);
  const email = row?.buyer_email;
  const languages = email ? await findBuyerLanguages(ctx.db, [email]) : new Map<string, string>();
  return renderTaxInvoicePdf(toPdfInput(view, languageOf(email ? languages.get(email) : undefined)));
}

function languageOf(chosen: string | undefined): Language {
  return isLanguage(chosen) ? chosen : 'en';
}
