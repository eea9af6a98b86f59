import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { newContext, PHONE } from './support/browser';
import { fakeCameraFlags, writeFakeCameraY4m } from './support/fake-camera';
import { runLighthouse } from './support/lighthouse';
import { scrollUntilPresent } from './support/settled';
import { recordShown, shownAfter } from './support/shown';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Accessibility budgets: no axe-core violation (WCAG 2.0/2.1 A and AA, plus axe's best practices)
// on the pages a guest and a gate volunteer use, and Lighthouse's accessibility score of the landing page
// at least 95. Pages are checked in the state a person sees them: dialogs open, a ticket's QR shown, the
// scanner before and while its (fake) camera runs.

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const GUEST = { email: 'guest@utsav.test', name: 'Gaurav Guest' };
const CHECKER = 'checker@utsav.test';

const workDir = mkdtempSync(path.join(tmpdir(), 'utsav-a11y-'));
const cameraFile = path.join(workDir, 'ticket.y4m');

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

// The camera shows the guest's own ticket, bought before the browser starts.
const suite = useServerAndBrowser({
  browserArgs: fakeCameraFlags(cameraFile),
  beforeBrowser: async (server) => {
    const api = apiAt(() => server.url);
    const guest = await api.signIn(GUEST.email, GUEST.name);
    const { qrCode } = await api.buyTicket<{ qrCode: string }>(guest);
    writeFakeCameraY4m(qrCode, cameraFile);
  },
});

/** Runs axe on the page as it is now and fails with a readable list of what is wrong and where. */
async function expectNoViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map(
          (node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
        )
        .join('\n')}`,
  );
  expect(report, `axe violations on ${what}`).toEqual([]);
}

async function openLanding(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Sign In with Google' }).first().waitFor();
  return page;
}

describe('no axe-core violations', () => {
  // One context for the pages a signed-out visitor sees: the intro, the landing page and its lazy sections, the
  // purchase dialog's two steps and a legal page (each a fresh context paid the app's compile again).
  it('on the landing page (under the intro, then every lazy section), the purchase dialog and a legal page', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const intro = await context.newPage();
    await intro.emulateMedia({ reducedMotion: 'no-preference' });
    await intro.goto(suite.server.url);
    await intro.getByRole('heading', { level: 1 }).waitFor();
    await expectNoViolations(intro, 'the landing page under the intro');
    await intro.close();

    const page = await openLanding(context);
    await expectNoViolations(page, 'the landing page');

    // Scroll down step by step so each section comes near the viewport and loads, as a reader's would.
    await scrollUntilPresent(page, page.locator('#faq h2'));
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, 'the landing page with its lazy sections loaded');

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Book Your Tickets Now' }).first().click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('button', { name: 'Continue to Purchase' }).waitFor();
    await expectNoViolations(page, 'the purchase dialog (selection)');

    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    await page.getByRole('dialog', { name: 'Sign In Required' }).waitFor();
    await expectNoViolations(page, 'the purchase dialog (sign in required)');

    await page.goto(`${suite.server.url}/privacy-policy`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, 'the privacy policy');
    await context.close();
  });

  it('on the guest dashboard and My Tickets with a QR shown', async () => {
    // Signed in as a returning phone finds it (support/signed-in.ts): the dashboard, not the chooser, is checked.
    const context = await signedInContext(suite.browser, suite.server.url, GUEST, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/guest`);
    await page.getByRole('heading', { name: /Active\s*\(1\)/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, 'the guest dashboard');

    const card = page.locator('article[data-ticket-id]').first();
    await card.getByRole('button', { name: 'Show QR' }).click();
    await card.locator('img[data-qr-ticket]').waitFor();
    await card.getByRole('button', { name: 'View Details' }).click();
    await expectNoViolations(page, 'My Tickets with a QR shown and details open');
    await context.close();
  });

  it('on the scanner page, before and while the camera runs', async () => {
    const context = await signedInContext(suite.browser, suite.server.url, CHECKER, { viewport: PHONE });
    await context.grantPermissions(['camera'], { origin: suite.server.url });
    await recordShown(context);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/qrchecker`);
    await page.getByRole('heading', { level: 1, name: 'QR Scanner' }).waitFor();
    await expect.poll(() => page.getByTestId('snapshot-info').textContent()).toMatch(/^Ticket list:/);
    await expectNoViolations(page, 'the scanner page, camera off');

    await page.getByRole('button', { name: 'Start Camera' }).click();
    // The result (support/shown.ts); its overlay may have gone again by the time axe looks, which still checks
    // the page as it is after a scan.
    await shownAfter(page, 'scan-result', 0);
    await expectNoViolations(page, 'the scanner page after a scan');
    await context.close();
  });
});

describe('Lighthouse accessibility', () => {
  it('scores the landing page at least 95', async () => {
    const { lhr } = await runLighthouse(suite.server.url, { onlyCategories: ['accessibility'] });
    const category = lhr.categories.accessibility;
    const failing = (category?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit?.id}: ${audit?.title}`);
    console.log(`[a11y] Lighthouse accessibility ${Math.round((category?.score ?? 0) * 100)}`, failing);
    expect(category?.score ?? 0).toBeGreaterThanOrEqual(0.95);
  });
});
