import { formatRupees } from '@utsav/domain/pricing';
import { describe, expect, it } from 'vitest';
import { testClock } from '../apps/server/support/clock';
import { apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { storeSignIn } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// Calling off a night that refunds more than ₹1,00,000, on a 390 px phone: the dry run says a code was emailed
// and the form asks for it; sent empty it is named under its field, a wrong one is refused by the server under
// the same field, and the code from the admin's mail calls the night off. The app's clock stands still.

interface BoughtTicket {
  id: string;
  ticketId: string;
}

const clock = testClock();
const product = usePrivateApp('call-off-code', { now: clock.now });
const suite = useBrowser();
const api = apiAt(() => product.url);

/** ₹1,50,000: one order worth that much, written straight into its rows (only the sum matters to the dry run). */
const LARGE_PAISE = 1_50_000 * 100;

describe('a large call-off at 390 px', () => {
  it('asks for the emailed code, shows the server refusing a wrong one under its field, then calls off', async () => {
    // A call-off cannot be undone: a retry starts on a new install.
    await product.newInstallOnRetry('call-off');
    const guest = await api.signIn('rohan.desai@example.test', 'Rohan Desai');
    const ticket = await api.buyTicket<BoughtTicket>(guest);
    const db = product.app.ctx.db;
    const row = await db
      .selectFrom('tickets')
      .select('order_id')
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    await db.updateTable('tickets').set({ price_paise: LARGE_PAISE }).where('id', '=', ticket.id).execute();
    await db
      .updateTable('orders')
      .set({ amount_paise: LARGE_PAISE })
      .where('id', '=', row.order_id!)
      .execute();
    const { name } = await api.currentEvent();

    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[page error]', error));
    // Signed in as the chooser leaves it (support/signed-in.ts): the chooser is tested where it is the subject.
    await storeSignIn(page, product.url, 'admin@utsav.test');
    await page.goto(`${product.url}/dashboard/admin?view=event-manager`);
    await page.getByRole('heading', { level: 2, name: 'Change of plans' }).waitFor();
    await page.getByRole('button', { name: 'Call off the night' }).click();
    await page.getByRole('button', { name: 'See what a call-off would do' }).click();
    const plan = page.getByRole('region', { name: 'What calling off will do' });
    await plan.waitFor();
    expect(((await plan.textContent()) ?? '').replace(/\s+/g, ' ')).toContain(
      `Total refunded${formatRupees(LARGE_PAISE / 100)}`,
    );
    const code = page.getByLabel('Confirmation code');
    await code.waitFor();
    await page.getByText('we emailed you a code, valid for 30 minutes', { exact: false }).waitFor();

    // The name right, the code missing: said under the code's field, which takes focus.
    await page.getByLabel(/Type the event’s name to confirm/).fill(name);
    await page.getByRole('button', { name: 'Call off the night' }).click();
    await page.getByText('Enter the confirmation code we emailed you').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('call-off-code');

    // A wrong code: the server's refusal, under the same field.
    const mailed = await db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'call-off-code')
      .executeTakeFirstOrThrow();
    const sent = (JSON.parse(mailed.payload) as { code: string }).code;
    await code.fill(sent === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Call off the night' }).click();
    await page.getByText('The confirmation code is wrong or has expired').waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    expect((await api.currentEvent()).status).not.toBe('called-off');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'event-call-off-code-refused-390');

    // A refused code is used up (one try): a new one is mailed on asking, and that one calls the night off.
    await page.getByRole('button', { name: 'Email me a new code' }).click();
    await expect.poll(() => code.inputValue()).toBe('');
    await expect
      .poll(
        async () =>
          (await db.selectFrom('outbox').select('id').where('kind', '=', 'call-off-code').execute()).length,
      )
      .toBe(2);
    const newest = await db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'call-off-code')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const codes = newest.map((entry) => (JSON.parse(entry.payload) as { code: string }).code);
    await code.fill(codes.find((candidate) => candidate !== sent) ?? sent);
    await page.getByRole('button', { name: 'Call off the night' }).click();
    await page.getByText('The night is called off. The refunds are on their way.').waitFor();
    await page.getByRole('heading', { level: 3, name: 'Refunds' }).waitFor();
    expect((await api.currentEvent()).status).toBe('called-off');
    await context.close();
  });
});
