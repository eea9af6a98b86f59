import { ruleFromText } from '@utsav/domain/convenience-fee';
import { type SaleLine, sumParts, taxDocument } from '@utsav/domain/gst';
import { feeLine } from '@utsav/domain/gst-credits';
import { linePaidPerTicket } from '@utsav/domain/order-lines';
import type { Organiser } from '@utsav/domain/organiser';
import { gstRatesOf, type TaxSettingsInput } from '@utsav/domain/tax-settings-schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/database';
import type { OrderRow, UserRow } from '../../platform/db/schema';
import type { TaxDocumentRow } from '../../platform/db/schema-tax';
import { findOrderById } from '../../stores/orders';
import { findUserById } from '../../stores/users';
import {
  type DocumentBuyer,
  type DocumentDraft,
  type DocumentLine,
  issueTaxDocument,
  issueTaxDocumentWithin,
} from './issue';
import { findDefaultTypeName, findIssuedTickets, findOrderSaleLines } from './repo';
import { currentTaxSettings } from './settings';

// The document of a sale: one per paid order, made by the outbox job that the payment's transaction queued
// ('tax-document'), or one per staff issuance with payment received, made in the issuance's own transaction; a
// line per ticket type at the price paid after any code, through the domain's taxDocument. Prices include tax
// (decision 1401): the total is exactly what was captured, which is checked before anything is written. A ₹0 sale
// gets no document.

/** The lines of a sale as the domain reads them: SAC and description from the settings, one per type. */
function saleLine(
  settings: TaxSettingsInput,
  name: string | null,
  quantity: number,
  amountPaise: number,
  admits: number,
): SaleLine {
  return {
    description: name ? `${settings.sacDescription}: ${name}` : settings.sacDescription,
    sacCode: settings.sacCode,
    quantity,
    amountPaise,
    admits: Math.max(1, admits),
    kind: 'admission',
  };
}

/** The supplier and place of supply a document carries: the tax settings, else the organiser profile. */
export async function supplierOf(ctx: AppContext, settings: TaxSettingsInput) {
  return supplierWith(settings, await ctx.organiser());
}

function supplierWith(settings: TaxSettingsInput, organiser: Organiser | null) {
  const rates = gstRatesOf(settings);
  return {
    supplier: {
      gstin: settings.registered ? (settings.gstin ?? null) : null,
      legalName: settings.legalName ?? organiser?.legalName ?? organiser?.name ?? null,
      tradeName: settings.tradeName ?? organiser?.name ?? null,
      address: settings.address ?? organiser?.address ?? null,
      stateCode: rates.supplierStateCode,
    },
    placeOfSupply: rates.placeOfSupplyStateCode,
  };
}

export function buyerOf(user: UserRow | undefined, order: OrderRow | null): DocumentBuyer {
  return {
    name: user?.name ?? '',
    email: user?.email ?? null,
    gstin: order?.buyer_gstin ?? null,
    legalName: order?.buyer_legal_name ?? null,
    address: order?.buyer_address ?? null,
  };
}

interface Sale {
  source: string;
  order: OrderRow | null;
  user: UserRow | undefined;
  lines: SaleLine[];
  paidPaise: number;
  /** The tickets it is for when no order holds them (a staff issuance's). */
  ticketIds?: readonly string[];
}

/** The document a sale gets, figured; null for a ₹0 sale, which gets none. */
function saleDraft(
  settings: TaxSettingsInput,
  organiser: Organiser | null,
  sale: Sale,
): DocumentDraft | null {
  if (sale.paidPaise === 0) return null;
  const rates = gstRatesOf(settings);
  // Prices include tax (settings.ts refuses otherwise): the document's total must be what was paid, to the paisa.
  const computed = taxDocument(sale.lines, rates);
  if (computed.totalPaise !== sale.paidPaise) {
    throw new Error(`${sale.source}: lines total ${computed.totalPaise} paise, ${sale.paidPaise} were paid`);
  }
  const lines: DocumentLine[] = computed.lines.map((line, index) => ({
    ...line,
    admits: sale.lines[index]!.admits,
    kind: sale.lines[index]!.kind,
  }));
  return {
    source: sale.source,
    kind: computed.kind,
    prefix: settings.invoicePrefix,
    orderId: sale.order?.id ?? null,
    refersTo: null,
    ...supplierWith(settings, organiser),
    buyer: buyerOf(sale.user, sale.order),
    lines,
    totals: sumParts([computed]),
    ...(sale.ticketIds ? { ticketIds: sale.ticketIds } : {}),
  };
}

async function issueSale(
  ctx: AppContext,
  settings: TaxSettingsInput,
  sale: Sale,
): Promise<TaxDocumentRow | null> {
  const draft = saleDraft(settings, await ctx.organiser(), sale);
  return draft ? (await issueTaxDocument(ctx.db, draft, ctx.now())).document : null;
}

/** The document of a paid order (its lines, or its quantity of the default type when it has none). */
export async function issueOrderDocument(ctx: AppContext, orderId: string): Promise<TaxDocumentRow | null> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new Error(`order ${orderId} not found`);
  if (order.status !== 'paid' && order.status !== 'refunded') return null;
  // A late payment given back (refunded, never paid out in tickets) was still money received: it is documented,
  // and its credit note (credits.ts) reverses it whole. One refunded without a payment has nothing to document.
  if (order.status === 'refunded' && !order.razorpay_payment_id) return null;
  const settings = await currentTaxSettings(ctx.db);
  const rows = await findOrderSaleLines(ctx.db, order.id);
  const lines =
    rows.length > 0
      ? rows.map((row) =>
          saleLine(
            settings,
            row.type_name,
            Number(row.quantity),
            Number(row.quantity) *
              linePaidPerTicket({
                unitPricePaise: Number(row.unit_price_paise),
                discountPerTicketPaise: Number(row.discount_per_ticket_paise),
              }),
            Number(row.admits),
          ),
        )
      : [
          saleLine(
            settings,
            await findDefaultTypeName(ctx.db, order.event_id),
            order.quantity,
            order.amount_paise,
            Math.floor((order.people ?? order.quantity) / order.quantity),
          ),
        ];
  // The convenience fee the buyer paid on top is a service of its own, taxed at the rate whatever the tickets'
  // (decision 1405): its own line, after the admission lines, over the tickets it was charged on.
  const feePaise = Number(order.convenience_fee_paise ?? 0);
  if (feePaise > 0) lines.push(feeLine('convenience', feePaise, settings.sacCode, feeTickets(order)));
  const user = await findUserById(ctx.db, order.user_id);
  return issueSale(ctx, settings, {
    source: `order:${order.id}`,
    order,
    user,
    lines,
    paidPaise: order.amount_paise,
  });
}

/** The tickets an order's fee was charged on: its paid tickets (a ₹0 ticket carries none). */
function feeTickets(order: OrderRow): number {
  const rule = ruleFromText(order.convenience_fee_rule);
  if (rule?.basis === 'fixed' && rule.value > 0)
    return Math.max(1, Math.round(Number(order.convenience_fee_paise) / rule.value));
  return order.quantity;
}

/** The sale of tickets staff issued with payment received, read through `db`: one line per type and price. */
async function staffSale(
  db: Db,
  settings: TaxSettingsInput,
  ticketIds: readonly string[],
  userId: string,
): Promise<Sale> {
  const tickets = await findIssuedTickets(db, ticketIds);
  if (tickets.length === 0) throw new Error(`tickets ${ticketIds[0]}… not found`);
  const groups = new Map<string, { name: string | null; quantity: number; price: number; admits: number }>();
  for (const ticket of tickets) {
    const name = ticket.type_name ?? (await findDefaultTypeName(db, ticket.event_id));
    const key = `${name}\u0000${ticket.price_paise}\u0000${ticket.admits ?? 1}`;
    const group = groups.get(key) ?? {
      name,
      quantity: 0,
      price: Number(ticket.price_paise),
      admits: Number(ticket.admits ?? 1),
    };
    group.quantity += 1;
    groups.set(key, group);
  }
  const lines = [...groups.values()].map((group) =>
    saleLine(settings, group.name, group.quantity, group.quantity * group.price, group.admits),
  );
  return {
    source: `issuance:${tickets[0]!.id}`,
    order: null,
    user: await findUserById(db, userId),
    lines,
    paidPaise: lines.reduce((sum, line) => sum + line.amountPaise, 0),
    ticketIds: tickets.map((ticket) => ticket.id),
  };
}

/**
 * The document of tickets staff issued with payment received, made by the outbox job: only for jobs queued before
 * issuance made its document in its own transaction (issueStaffSaleDocumentWithin).
 */
export async function issueStaffSaleDocument(
  ctx: AppContext,
  ticketIds: readonly string[],
  userId: string,
): Promise<TaxDocumentRow | null> {
  const settings = await currentTaxSettings(ctx.db);
  return issueSale(ctx, settings, await staffSale(ctx.db, settings, ticketIds, userId));
}

/**
 * The document of tickets staff issue with payment received, made inside the issuance's own transaction `trx`
 * (admin/issuance-service.ts), so its answer carries the number (decision 1408). The number is taken by the
 * counter row's upsert in that transaction (issue.ts), which the issuance reaches holding the event's lock: lock
 * order event, then counter, and no document issuer takes the event's lock, so the two never wait on each other.
 * `organiser` is read before the transaction (ctx.organiser() reads outside it, which on SQLite's one connection
 * would wait for this very transaction).
 */
export async function issueStaffSaleDocumentWithin(
  trx: Db,
  organiser: Organiser | null,
  issued: { ticketIds: readonly string[]; userId: string },
  now: Date,
): Promise<TaxDocumentRow | null> {
  const settings = await currentTaxSettings(trx);
  const sale = await staffSale(trx, settings, issued.ticketIds, issued.userId);
  const draft = saleDraft(settings, organiser, sale);
  return draft ? issueTaxDocumentWithin(trx, draft, now) : null;
}
