import { CALL_OFF_REFUND_ATTEMPTS } from '@utsav/domain/event-change';
import type { Language } from '@utsav/domain/languages';
import { formatRupees } from '@utsav/domain/pricing';
import { addDays, istDate } from '@utsav/domain/time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCallOffRefunds } from '../apps/server/src/modules/event-change/job';
import { testClock } from '../apps/server/support/clock';
import { type ApiUser, apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll, openGuestDashboard } from './support/guest';
import { storeSignIn } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// A moved night read in Hindi and Gujarati, then a call-off whose refund Razorpay keeps refusing, on a 390 px
// phone. The landing page and My Tickets say where and when the night now is, in each language. After the call-off
// the refund job gives up on the refused refund: the organiser's progress lists it as failed, 'Retry failed
// refunds' puts it back, and once the job runs again and Razorpay settles it the progress reads done. The test runs
// the job and settles Razorpay's refunds itself; the app's clock stands still.

interface BoughtTicket {
  id: string;
  ticketId: string;
  price: number;
}

const clock = testClock();
const product = usePrivateApp('event-change-retry', { now: clock.now, refundsSettledByTest: true });
const suite = useBrowser();
const api = apiAt(() => product.url);

const NEW_VENUE = 'NSCI Dome, Worli, Mumbai';
const MOVED: Record<Exclude<Language, 'en'>, { title: string; refund: string }> = {
  hi: { title: 'नया समय और जगह', refund: '₹20 की कटौती के बिना पूरे रिफ़ंड' },
  gu: { title: 'નવો સમય અને સ્થળ', refund: '₹20ની કપાત વગર પૂરા રિફંડ' },
};

const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ');

async function settleAtRazorpay(): Promise<void> {
  await api.call('POST', '/razorpay-emulator/_test/refunds/settle');
  await expect
    .poll(
      async () => (await api.call<{ idle: boolean }>('GET', '/razorpay-emulator/_test/webhooks?wait=1')).idle,
    )
    .toBe(true);
}

let admin: ApiUser;
let guest: ApiUser;
let ticket: BoughtTicket;

/** Sunita's ticket (the one she has when `keepTicket`) and the night moved 20 days ahead. */
async function ticketAndNightMoved(keepTicket: boolean): Promise<void> {
  admin = await api.signIn('admin@utsav.test', 'Admin');
  guest = await api.signIn('sunita.rao@example.test', 'Sunita Rao');
  if (!keepTicket || !ticket) ticket = await api.buyTicket<BoughtTicket>(guest);
  await api.call('POST', '/api/admin/event/change', admin.token, {
    kind: 'postpone',
    date: addDays(istDate(clock.now()), 20),
    startTime: '20:00',
    endTime: '23:30',
    venue: NEW_VENUE,
    freeRefundDays: 14,
  });
}

describe('a moved night in Hindi and Gujarati, then a call-off whose refund is retried, at 390 px', () => {
  it('the landing page and My Tickets say the night moved, in Hindi and in Gujarati', async () => {
    // A retry keeps the first attempt's ticket: the call-off below counts one order.
    await ticketAndNightMoved(true);

    for (const language of ['hi', 'gu'] as const) {
      const context = await newContext(suite.browser, { viewport: PHONE });
      await context.addInitScript((chosen) => localStorage.setItem('utsav.language', chosen), language);
      const visitor = await context.newPage();
      await visitor.goto(product.url);
      await visitor.getByTestId('event-moved').waitFor();
      const landing = await textOf(visitor, 'event-moved');
      expect(landing).toContain(MOVED[language].title);
      expect(landing).toContain(NEW_VENUE);
      expect(landing).toContain(MOVED[language].refund);
      await expectNoHorizontalScroll(visitor);
      await screenshot(visitor, `event-change-moved-landing-${language}-390`);
      await context.close();

      const mine = await openGuestDashboard(suite.browser, product.url, guest, { viewport: PHONE, language });
      await mine.getByTestId('event-moved').first().waitFor();
      const notice = await textOf(mine, 'event-moved');
      expect(notice).toContain(MOVED[language].title);
      expect(notice).toContain(MOVED[language].refund);
      const card = mine.locator(`[data-ticket-id="${ticket.ticketId}"]`);
      expect((await card.textContent()) ?? '').toContain(NEW_VENUE);
      await expectNoHorizontalScroll(mine);
      await screenshot(mine, `event-change-moved-my-tickets-${language}-390`);
      await mine.context().close();
    }
  });

  it('a refund Razorpay kept refusing shows as failed; Retry failed refunds sends it again and it ends done', async () => {
    // A call-off cannot be undone: a retry starts on a new install, with the ticket and the move made again.
    if (await product.newInstallOnRetry('call-off')) await ticketAndNightMoved(false);
    const { name } = await api.currentEvent();
    await api.call('POST', '/api/admin/event/change', admin.token, { kind: 'call-off', dryRun: true });
    await api.call('POST', '/api/admin/event/change', admin.token, { kind: 'call-off', confirm: name });
    // Razorpay refuses every attempt the job makes by itself (the provider balance has run out).
    await api.call('POST', '/razorpay-emulator/_test/refunds/fail-next', undefined, {
      count: CALL_OFF_REFUND_ATTEMPTS,
    });
    for (let pass = 0; pass <= CALL_OFF_REFUND_ATTEMPTS; pass++) {
      await runCallOffRefunds(product.app.ctx);
      await settleAtRazorpay();
    }

    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[page error]', error));
    // Signed in as the chooser leaves it (support/signed-in.ts): the chooser is tested where it is the subject.
    await storeSignIn(page, product.url, 'admin@utsav.test');
    await page.goto(`${product.url}/dashboard/admin?view=event-manager`);
    await page.getByRole('heading', { level: 3, name: 'Refunds' }).waitFor();
    await page.getByText('Every refund has been tried; the ones below failed.').waitFor();
    const progress = page.getByRole('region', { name: 'Refunds', exact: true });
    const failed = page.getByRole('region', { name: 'Refunds that failed' });
    await failed.waitFor();
    expect(((await progress.textContent()) ?? '').replace(/\s+/g, ' ')).toContain(
      `Failed1 order${formatRupees(ticket.price)}`,
    );
    await expectNoHorizontalScroll(page);
    await failed.scrollIntoViewIfNeeded();
    await screenshot(page, 'event-change-call-off-failed-390');

    await page.getByRole('button', { name: 'Retry failed refunds' }).click();
    await page.getByText('1 refund will be sent again').waitFor();
    await page.getByText('Refunds are being sent.', { exact: false }).waitFor();
    expect(await failed.count()).toBe(0);

    await runCallOffRefunds(product.app.ctx);
    await settleAtRazorpay();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Every refund is done.').waitFor();
    const shown = ((await progress.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(shown).toContain(`Done1 order${formatRupees(ticket.price)}`);
    expect(shown).toContain('Pending0 orders');
    expect(shown).toContain('Failed0 orders');
    await expectNoHorizontalScroll(page);
    await progress.scrollIntoViewIfNeeded();
    await screenshot(page, 'event-change-call-off-retried-390');
    await context.close();
  });
});
