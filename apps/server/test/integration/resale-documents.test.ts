import { beforeAll, expect, it } from 'vitest';
import { pollRefunds } from '../../src/modules/refunds/jobs';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  buy,
  createOrder,
  EMULATOR,
  leaveSeats,
  newEvent,
  orderRow,
  PURCHASE_ENV,
  pay,
  settleRefunds,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { useServer } from '../../support/server';
import {
  keptAtRazorpay,
  netOfDocuments,
  saveTaxSettings,
  taxDocuments,
  taxJobsDone,
} from '../../support/tax';
import { joinWaitlist } from '../../support/waitlist';

// A resale in the books of a registered organiser: the buyer's purchase gets its own tax invoice; the seller's
// refund (paid less the ₹50 resale fee) gets one credit note referring to the seller's invoice, and the fee kept
// its own document. The seller's refund fails at the bank first and is retried from Refund Management: it ends
// processed, with still one credit note, and for each of the two payments documents − credit notes = what
// Razorpay kept, to the paisa.

const PRICE = 899;
const FEE = 50;

describeEachDatabase('resale documents', (engine) => {
  const clock = testClock(new Date('2099-09-01T10:00:00.000Z'));
  const server = useServer(engine, {
    env: { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30' },
    now: clock.now,
  });
  let event: TestEvent;
  let admin: TestUser;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    await saveTaxSettings(server, admin.token);
    event = await newEvent(server, { totalTickets: 10, ticketPrice: PRICE });
  });

  /** The refund job sends what is unsent, Razorpay settles what it holds, the job asks about it; then its status. */
  async function refundStatus(id: string): Promise<string> {
    clock.advance(1000);
    await pollRefunds(server.ctx, { processingAfterMs: 0, unsentAfterMs: 0 });
    await settleRefunds(server);
    await pollRefunds(server.ctx, { processingAfterMs: 0, unsentAfterMs: 0 });
    const row = await server.ctx.db
      .selectFrom('refunds')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.status;
  }

  it('the buyer gets an invoice, the seller a credit note and the fee its document; a failed refund is retried', async () => {
    const seller = await newUser(server, { name: 'Sonal Seller' });
    const sold = await buy(server, seller, event, 1);
    await leaveSeats(server, event.id, 0);
    const buyer = await newUser(server, { name: 'Bhavin Buyer' });
    expect((await joinWaitlist(server, buyer, 1)).status).toBe(200);

    // The seller's refund will fail at the bank once.
    await server.request('POST', `${EMULATOR}/_test/refunds/fail-next`, { body: { count: 1 } });
    const listed = await server.request('POST', `/api/tickets/${sold.tickets[0].id}/resale`, {
      token: seller.token,
    });
    expect(listed.status, listed.text).toBe(200);
    const offer = await createOrder(server, buyer, event, 1, { amount: PRICE });
    expect(offer.status, offer.text).toBe(200);
    const paid = await pay(server, offer.body.orderId);
    expect((await verify(server, buyer, paid)).status).toBe(200);

    const refund = await server.ctx.db
      .selectFrom('refunds')
      .select(['id', 'refund_amount_paise'])
      .where('ticket_id', '=', sold.tickets[0].id)
      .executeTakeFirstOrThrow();
    expect(refund.refund_amount_paise).toBe((PRICE - FEE) * 100);
    await expect.poll(() => refundStatus(refund.id)).toBe('failed');

    const retried = await server.request('POST', `/api/refunds/admin/${refund.id}/retry`, {
      token: admin.token,
    });
    expect(retried.status, retried.text).toBe(200);
    await expect.poll(() => refundStatus(refund.id)).toBe('processed');
    await taxJobsDone(server, clock.now);
    // The seller's Refund Tracker labels it as the resale's refund.
    const mine = await server.request('GET', '/api/refunds/my-refunds', { token: seller.token });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.refunds).toEqual([
      expect.objectContaining({ id: refund.id, resale: true, status: 'processed' }),
    ]);

    const sellerOrder = await orderRow(server, sold.order.orderId);
    const buyerOrder = await orderRow(server, offer.body.orderId);
    const documents = await taxDocuments(server);
    const ofSeller = documents.filter((document) => document.order_id === sellerOrder.id);
    const ofBuyer = documents.filter((document) => document.order_id === buyerOrder.id);

    expect(ofBuyer.map((document) => [document.kind, Number(document.total_paise)])).toEqual([
      ['tax-invoice', PRICE * 100],
    ]);
    const invoice = ofSeller.find((document) => document.source === `order:${sellerOrder.id}`);
    const credits = ofSeller.filter((document) => document.kind === 'credit-note');
    expect(credits).toHaveLength(1);
    expect(credits[0]?.refers_to).toBe(invoice?.id);
    // What the seller's payment left with the organiser is the fee, documented; the buyer's is the price.
    expect(netOfDocuments(ofSeller)).toBe(FEE * 100);
    expect(netOfDocuments(ofSeller)).toBe(await keptAtRazorpay(server, sold.checkout.razorpay_payment_id));
    expect(netOfDocuments(ofBuyer)).toBe(await keptAtRazorpay(server, paid.razorpay_payment_id));
  });
});
