import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newEventBody } from '../apps/server/support/factories';
import { apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { signedInPage } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// "Preview as guest" of a draft at 390 px: the organiser sees the landing page as guests will once it is published,
// under a banner saying guests cannot see it yet, with the way back; a guest (and a guest who guesses the preview
// link) still sees nothing of the draft and nothing on sale.

const ORGANISER = { email: 'preview.organiser@example.test', name: 'Priti Organiser' };
const product = usePrivateApp('preview-as-guest', {
  env: { DEMO_SEED: 'false', ADMIN_EMAILS: ORGANISER.email },
});
const api = apiAt(() => product.url);
const DRAFT = 'Sharad Purnima Raas Preview';
const TAGLINE = 'Nine nights, one circle';

// The worker's Chromium (support/suite.ts), not one launched for this file alone.
const shared = useBrowser();
let browser: Browser;

beforeAll(async () => {
  browser = shared.browser;
  const organiser = await api.signIn(ORGANISER.email, ORGANISER.name);
  await api.call('POST', '/api/event', organiser.token, newEventBody({ name: DRAFT, published: false }));
  await api.call('PUT', '/api/admin/organiser', organiser.token, {
    name: 'Sharad Utsav Collective',
    supportEmail: 'help@sharad.example',
    tagline: TAGLINE,
  });
  // The public answer knows no draft.
  expect((await api.call<{ data: unknown }>('GET', '/api/event')).data).toBeNull();
});

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('a draft previewed as a guest, 390 px', () => {
  it('the organiser opens the preview from the draft notice, sees the banner, nothing on sale, and goes back', async () => {
    // Signed in as the chooser leaves it (support/signed-in.ts): the chooser is tested where it is the subject.
    const page = await signedInPage(browser, product.url, ORGANISER, { viewport: PHONE });
    const context = page.context();
    await page.getByRole('heading', { name: 'Your event is a draft' }).waitFor();
    expect(await page.getByText(DRAFT).count()).toBe(0);

    await page.getByRole('link', { name: 'Preview as guest' }).click();
    const banner = page.getByRole('region', { name: 'Preview — guests cannot see this yet' });
    await banner.waitFor();
    await page.getByRole('heading', { name: DRAFT }).first().waitFor();
    await page.getByText('Tickets are not on sale yet').first().waitFor();
    expect(await page.getByRole('button', { name: /Book Your Tickets Now/ }).count()).toBe(0);
    // The organiser's own tagline under the name, in place of the product's words.
    await page.getByText(TAGLINE).waitFor();
    expect(await page.getByText('Pre-Navratri Grand Celebration').count()).toBe(0);
    // The banner opens the page: on a phone it is the first thing seen, not below the fold.
    const top = await banner.boundingBox();
    expect(top!.y + top!.height).toBeLessThanOrEqual(PHONE.height);
    await noHorizontalScroll(page);
    await screenshot(page, 'preview-as-guest-390');

    await banner.getByRole('link', { name: 'Back to the event manager' }).click();
    await page.waitForURL(/\/dashboard\/admin\?view=event-manager/);
    await context.close();
  });

  it('a guest sees nothing of the draft, even at the preview link', async () => {
    const context = await newContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    for (const path of ['/', '/?preview=guest']) {
      await page.goto(`${product.url}${path}`);
      await page.getByText('Tickets are not on sale yet').first().waitFor();
      expect(await page.getByText(DRAFT).count()).toBe(0);
      expect(await page.getByTestId('preview-banner').count()).toBe(0);
    }
    await context.close();
  });
});
