import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
// The app's `outbox` (the worker this suite drains) is declared beside its composition.
import type {} from '../apps/server/src/outbox';
import { findCurrentEvent } from '../apps/server/src/stores/events';
import { insertRows, ticketRow, userRow } from '../apps/server/support/admin-fixtures';
import { apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { storeSignIn } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// The admin panel "Messages" on a 390 px phone: the organiser writes to the ticket holders (English and Hindi),
// previews the count and the email (its text escaped, in each language), sends a test to themself, then sends
// with a confirmation and watches queued turn into sent as the outbox goes (driven here step by step). In Hindi at
// 200% text the panel reads in Hindi and nothing scrolls sideways.

// The outbox never runs on its own here: the test drains it, so the counts move when it says.
const product = usePrivateApp('messages', { env: { OUTBOX_INTERVAL_MS: '86400000' } });
const suite = useBrowser();
const api = apiAt(() => product.url);

/** Sends every due mail (a minute ahead: a message's mails are spread over time). */
async function drainOutbox(): Promise<void> {
  const at = new Date(Date.now() + 60_000);
  while ((await product.app.outbox.drain(at)) > 0) {
    // one batch a pass
  }
}

async function openMessages(page: Page, options: { language?: 'hi'; largeText?: boolean } = {}) {
  if (options.largeText) {
    await page.context().addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
  }
  // Signed in as the chooser leaves it (support/signed-in.ts), with the language the header remembers.
  await storeSignIn(page, product.url, 'admin@utsav.test', options.language);
  await page.goto(`${product.url}/dashboard/admin?view=messages`);
}

const figure = (page: Page, name: 'queued' | 'sent' | 'failed', index = 0) =>
  page.locator(`#msg-list-title ~ ul > li`).nth(index).locator(`[data-figure="${name}"]`);

/** Three ticket holders, one per language, the first with two tickets (one mail). */
async function threeHolders(): Promise<void> {
  await api.signIn('admin@utsav.test', 'Asha Admin');
  const db = product.app.ctx.db;
  const event = await findCurrentEvent(db);
  if (!event) throw new Error('the demo event is missing');
  const holders = [userRow({ language: 'en' }), userRow({ language: 'hi' }), userRow({ language: 'gu' })];
  await insertRows(db, 'users', holders);
  await insertRows(db, 'tickets', [
    ...holders.map((holder) => ticketRow({ eventId: event.id, userId: holder.id })),
    // Two tickets, one mail.
    ticketRow({ eventId: event.id, userId: holders[0]!.id }, { seq: 2 }),
  ]);
}

describe('the "Messages" panel at 390 px', () => {
  beforeAll(threeHolders);

  it('previews, sends a test, refuses an empty audience, sends with confirmation and shows the progress', async () => {
    // A retry starts on a new install with its three holders: the first attempt's messages would be listed.
    if (await product.newInstallOnRetry('send')) await threeHolders();
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await openMessages(page);
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await page.getByText('No messages yet').waitFor();

    // Sent empty: the fields are named and the first one focused.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('#msg-subject-error').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('msg-subject');

    await page.locator('#msg-subject').fill('Rain plan for tonight');
    await page
      .locator('#msg-body')
      .fill('Gates open at <b>8 pm</b> instead.\n\nThe covered route: https://maps.example.com/nsci');
    await page.getByText('Hindi version (optional)').click();
    await page.locator('#msg-subjectHi').fill('आज रात बारिश की योजना');
    await page.locator('#msg-bodyHi').fill('गेट रात 8 बजे खुलेंगे।');

    // Enter in a field previews (the keyboard path).
    await page.locator('#msg-subject').press('Enter');
    await page.getByText('This message goes to 3 people.').waitFor();
    const frame = page.frameLocator('iframe[title="The email as guests will see it"]');
    await frame.locator('p').filter({ hasText: 'Gates open at <b>8 pm</b> instead.' }).waitFor();
    expect(await frame.locator('b').count()).toBe(0);
    expect(
      await frame.getByRole('link', { name: 'https://maps.example.com/nsci' }).getAttribute('href'),
    ).toBe('https://maps.example.com/nsci');
    await page.getByLabel('हिन्दी').check();
    await frame.locator('p').filter({ hasText: 'गेट रात 8 बजे खुलेंगे।' }).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'messages-preview-390');

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByText('Test sent to your email').waitFor();
    await page.locator('#msg-list-title ~ ul > li').getByText('Test', { exact: true }).waitFor();
    await expect.poll(() => figure(page, 'queued').textContent()).toBe('1');
    await drainOutbox();
    await expect.poll(() => figure(page, 'sent').textContent(), { timeout: 15_000 }).toBe('1');

    // Nobody has come in yet: sending to them is refused before any confirmation, and nothing is queued.
    await page.getByLabel('Guests already admitted').check();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Nobody is in this audience yet', { exact: false }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Every ticket holder').check();

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to 3 people?' });
    await dialog.waitFor();
    await screenshot(page, 'messages-confirm-390');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message queued for 3 people').waitFor();
    await expect.poll(() => figure(page, 'queued').textContent()).toBe('3');
    expect(await page.locator('#msg-subject').inputValue()).toBe('');
    await drainOutbox();
    await expect.poll(() => figure(page, 'sent').textContent(), { timeout: 15_000 }).toBe('3');
    expect(await figure(page, 'queued').textContent()).toBe('0');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'messages-sent-390');
    await context.close();
  });

  it('in Hindi at 200% text reads in Hindi and nothing scrolls sideways', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await openMessages(page, { language: 'hi', largeText: true });
    await page.getByRole('heading', { level: 1, name: 'संदेश' }).waitFor();
    await page.getByRole('button', { name: 'पूर्वावलोकन' }).click();
    await expect
      .poll(() => page.locator('#msg-subject-error').textContent())
      .toBe('विषय 1-150 अक्षरों का होना चाहिए');
    await page.getByRole('heading', { level: 2, name: 'भेजे गए संदेश' }).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'messages-hindi-large-text-390');
    await context.close();
  });
});
