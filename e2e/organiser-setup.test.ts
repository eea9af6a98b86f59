import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAt, newEmail } from './support/api';
import {
  DESKTOP,
  newContext,
  PHONE,
  type PopupAccount,
  screenshot,
  signInThroughPopup,
} from './support/browser';
import { openInApp } from './support/in-app';
import { englishLeftovers } from './support/language';
import { signedInContext, storeSignIn } from './support/signed-in';
import { type PrivateApp, useBrowser, usePrivateApp } from './support/suite';

// A new organiser's own night, from an install without the demo: the first person to sign in becomes the
// organiser through /setup (profile, the event as a draft, its tickets, publish) and a guest buys; an invited
// volunteer gets their role at first sign-in; the admin covers a gate with the scanner; and on an install with
// ADMIN_EMAILS, the listed address is admin as soon as it signs in.

const fresh = usePrivateApp('organiser-setup', { env: { DEMO_SEED: 'false' } });
const listed = usePrivateApp('organiser-listed', {
  env: { DEMO_SEED: 'false', ADMIN_EMAILS: 'lead@navratri-nights.example' },
});
const suite = useBrowser();
const api = apiAt(() => fresh.url);

const ORGANISER: PopupAccount = { email: 'meera@navratri-nights.example', name: 'Meera Organiser' };
const GUEST: PopupAccount = { email: 'gita.guest@example.test', name: 'Gita Guest' };
const LEAD: PopupAccount = { email: 'lead@navratri-nights.example', name: 'Leela Lead' };
const EVENT_NAME = 'Navratri Nights Garba';

/** Kept open from the organiser's setup to the tests that follow it, as one admin's phone would be. */
let organiserPage: Page;
let organiserContext: BrowserContext;
let ticketCode: string;

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The step the first run shows now, by its heading (which takes focus when it opens). */
async function step(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
}

/** The install has its organiser (the first admin), as its setup page reads it. */
async function hasAdmin(install: PrivateApp): Promise<boolean> {
  return (await (await fetch(`${install.url}/api/setup`)).json()).setup.adminExists;
}

function inDays(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return date.toISOString().slice(0, 10);
}

async function phone(language: 'en' | 'hi' | 'gu' = 'en'): Promise<Page> {
  const context = await newContext(suite.browser, { viewport: PHONE });
  await context.addInitScript((chosen) => localStorage.setItem('utsav.language', chosen), language);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error));
  return page;
}

/**
 * A phone where `account` is already signed in (support/signed-in.ts): the scenes after the organiser's own
 * first sign-in are about what each person then sees, not the chooser (which the first scene goes through).
 * The session is exchanged at the first page as after the chooser, so a first visit still creates the account.
 */
async function signedInPhone(url: string, account: PopupAccount): Promise<Page> {
  const context = await signedInContext(suite.browser, url, account, { viewport: PHONE, language: 'en' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error));
  return page;
}

describe('an organiser sets up their own night at 390 px', () => {
  it('signs in on an empty install, becomes the organiser, fills the profile, creates a draft, publishes', async () => {
    // A retry finds the first attempt's organiser in the database: it starts again from an empty install.
    if (await hasAdmin(fresh)) await fresh.restart();
    organiserPage = await phone();
    organiserContext = organiserPage.context();
    const page = organiserPage;
    await page.goto(fresh.url);
    // Nothing pretends to sell before there is a night to sell.
    await page.getByRole('status').filter({ hasText: 'Tickets are not on sale yet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Book Your Tickets Now' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'This site is not set up yet' }).waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'setup-landing-empty-390');

    await page.getByRole('link', { name: 'Set up your event' }).click();
    await page.waitForURL(/\/setup$/);
    await step(page, 'Become the organiser');
    await screenshot(page, 'setup-sign-in-390');
    await signInThroughPopup(page, ORGANISER, () =>
      page.getByRole('main').getByRole('button', { name: 'Sign In with Google' }).click(),
    );
    await page.getByRole('button', { name: 'Become the organiser' }).click();

    await step(page, 'Your organiser profile');
    await page.getByLabel('Organiser name').fill('Navratri Nights Pune');
    await page.getByLabel('Support email').fill('not an address');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    // The server's own message, under its field, and that field focused.
    await page.getByText('Please enter a valid support email address').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('organiser-supportEmail');
    await page.getByLabel('Support email').fill('help@navratri-nights.example');
    await page.getByLabel('Support hours').fill('11:00-19:00, every day');
    await page.getByLabel('Instagram').fill('https://www.instagram.com/navratrinights');
    await noHorizontalScroll(page);
    await screenshot(page, 'setup-profile-390');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await step(page, 'Your event');
    await page.getByLabel('Event name').fill(EVENT_NAME);
    await page.getByLabel('Description').fill('A night of garba and raas with a live dhol troupe.');
    await page.getByLabel('Event date').fill(inDays(40));
    await page.getByLabel('Venue').fill('Shivaji Nagar Ground, Pune');
    await page.getByLabel('Individual price (₹, 1-3 tickets)').fill('350');
    await page.getByLabel('Group price (₹ each, 4+ tickets)').fill('300');
    await page.getByLabel('Total tickets').fill('200');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.getByRole('dialog', { name: 'Create event?' }).getByRole('button', { name: 'Yes' }).click();

    await step(page, 'Your tickets');
    // A draft: guests still see nothing on sale.
    const setup = await (await fetch(`${fresh.url}/api/setup`)).json();
    expect(setup.setup).toMatchObject({ adminExists: true, organiserProfile: true, event: 'draft' });
    expect((await (await fetch(`${fresh.url}/api/event`)).json()).data).toBeNull();
    // The admin panel's ticket types editor, with the one type the event's price made.
    await page.getByRole('button', { name: 'Add ticket type' }).waitFor();
    await screenshot(page, 'setup-ticket-types-390');
    await page.getByRole('button', { name: 'The tickets are right' }).click();

    await step(page, 'Publish');
    await screenshot(page, 'setup-publish-390');
    await page.getByRole('button', { name: 'Publish event' }).click();
    await page
      .getByRole('dialog', { name: 'Publish this event?' })
      .getByRole('button', { name: 'Yes, publish' })
      .click();
    await step(page, 'Your night is on sale');
    await noHorizontalScroll(page);
    await screenshot(page, 'setup-done-390');
  });

  it('a guest sees the organiser on the page and buys a ticket', async () => {
    const page = await signedInPhone(fresh.url, GUEST);
    await page.goto(fresh.url);
    await page.getByRole('heading', { level: 1, name: EVENT_NAME }).waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByText('Navratri Nights Pune', { exact: false }).first().waitFor();
    expect(await footer.getByRole('link', { name: 'help@navratri-nights.example' }).count()).toBe(1);
    expect(await footer.getByRole('link', { name: 'Instagram (opens in a new tab)' }).count()).toBe(1);
    // Only the links that are set are shown.
    expect(await footer.getByRole('link', { name: 'Facebook (opens in a new tab)' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.getByRole('button', { name: 'Pay ₹350' }).click();
    await page
      .getByRole('dialog', { name: EVENT_NAME })
      .getByRole('button', { name: 'Pay with UPI' })
      .click();
    await page.waitForURL(/\/payment-success$/);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    ticketCode = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('utsav.dev-identity') ?? '{}') as { idToken?: string };
      const response = await fetch('/api/tickets/my-tickets', {
        headers: { Authorization: `Bearer ${session.idToken}` },
      });
      return ((await response.json()) as { tickets: Array<{ ticketId: string }> }).tickets[0]?.ticketId ?? '';
    });
    expect(ticketCode).toMatch(/^UT-/);
    await page.context().close();
  });

  it('an invited volunteer gets the QR Checker role at their first sign-in', async () => {
    // Someone not yet invited, on each attempt.
    const VOLUNTEER: PopupAccount = {
      email: newEmail('vikram.volunteer'),
      name: 'Vikram Volunteer',
    };
    const page = organiserPage;
    await page.goto(`${fresh.url}/dashboard/admin`);
    await page.getByRole('button', { name: /Staff invitations/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff invitations' }).waitFor();
    await page.getByLabel('Email address').fill(VOLUNTEER.email);
    await page.getByLabel('Role').selectOption('qrchecker');
    await page.getByLabel('Language of the email').selectOption('hi');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const row = page.getByRole('listitem').filter({ hasText: VOLUNTEER.email });
    await row.getByText('Waiting for sign-in').waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'invitations-panel-390');

    const volunteer = await signedInPhone(fresh.url, VOLUNTEER);
    await volunteer.goto(fresh.url);
    await volunteer.getByRole('button', { name: 'My Dashboard' }).first().click();
    await volunteer.waitForURL(/\/dashboard\/qrchecker$/);
    await volunteer.context().close();

    await page.reload();
    await row.getByText('Accepted').waitFor();
  });

  it('the admin opens the scanner from the menu and admits the guest by the typed code', async () => {
    // On a retry: the organiser's phone again if the first attempt closed it, and a ticket of the guest's not yet
    // in if it admitted the one bought above.
    if (organiserPage.isClosed()) {
      organiserPage = await signedInPhone(fresh.url, ORGANISER);
      organiserContext = organiserPage.context();
    }
    const guest = await api.signIn(GUEST.email, GUEST.name ?? '');
    const { tickets } = await api.call<{ tickets: { ticketId: string; status: string }[] }>(
      'GET',
      '/api/tickets/my-tickets',
      guest.token,
    );
    if (tickets.find((ticket) => ticket.ticketId === ticketCode)?.status !== 'active') {
      ticketCode = (await api.buyTicket<{ ticketId: string }>(guest)).ticketId;
    }
    const page = organiserPage;
    await organiserContext.grantPermissions(['camera'], { origin: fresh.url });
    await page.goto(`${fresh.url}/dashboard/admin`);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'QR Scanner' }).click();
    await page.waitForURL(/\/dashboard\/qrchecker$/);
    const box = page.getByLabel('Ticket code printed under the QR (UT-…)');
    await box.fill(ticketCode);
    await box.press('Enter');
    // The gate shows whose ticket it is first; Admit is the second tap.
    const confirm = page.getByRole('region', { name: 'Check before admitting' });
    await confirm.getByRole('button', { name: 'Admit Gita Guest' }).click();
    await expect.poll(() => page.getByText('Entry Allowed, Welcome Gita Guest!').count()).toBeGreaterThan(0);
    await screenshot(page, 'setup-admin-scans-390');
    await organiserContext.close();
  });
});

describe('ADMIN_EMAILS', () => {
  it('a listed address is admin at its sign-in; someone else who signs in first stays a guest', async () => {
    // A retry finds the listed address admin already: it starts again from an install nobody signed in to.
    if (await hasAdmin(listed)) await listed.restart();
    const stranger = await signedInPhone(listed.url, {
      email: 'first.stranger@example.test',
      name: 'First Stranger',
    });
    await stranger.goto(`${listed.url}/setup`);
    await stranger
      .getByText("Only an address on this install's admin list can become its organiser.", { exact: false })
      .waitFor();
    await stranger.context().close();

    const page = await signedInPhone(listed.url, LEAD);
    await page.goto(listed.url);
    await page.getByRole('button', { name: 'My Dashboard' }).first().click();
    await page.waitForURL(/\/dashboard\/admin$/);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Setup is not finished' }).waitFor();
    await page.getByRole('link', { name: 'Continue setup' }).click();
    await step(page, 'Your organiser profile');
    await page.context().close();
  });
});

describe('the first run in Hindi and Gujarati, on a phone and a desktop', () => {
  // One phone per language, widened to a desktop and back (setViewportSize) rather than a context per size:
  // the screens lay themselves out again for the new width, and each page is loaded once.
  const ACCOUNT_MENU = { hi: /का खाता मेन्यू$/, gu: /નું ખાતા મેનુ$/ } as const;
  const SIZES = [
    { viewport: PHONE, size: '390' },
    { viewport: DESKTOP, size: 'desktop' },
  ] as const;
  for (const language of ['hi', 'gu'] as const) {
    it(`${language}: the first step, the organiser panel and the invitations panel say nothing in English`, async () => {
      const page = await phone(language);
      await page.goto(`${listed.url}/setup`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      for (const { viewport, size } of SIZES) {
        await page.setViewportSize(viewport);
        expect(await englishLeftovers(page.getByRole('main'), [])).toEqual([]);
        await screenshot(page, `setup-first-step-${language}-${size}`);
      }

      await storeSignIn(page, listed.url, LEAD, language);
      await page.goto(`${listed.url}/dashboard/admin?view=organiser`);
      await page.locator('#organiser-name').waitFor();
      // Signed in, and the header says so in the language.
      await page
        .getByRole('button', { name: ACCOUNT_MENU[language], includeHidden: true })
        .waitFor({ state: 'attached' });
      for (const { viewport, size } of SIZES) {
        await page.setViewportSize(viewport);
        expect(await englishLeftovers(page.getByRole('main'), ['https'])).toEqual([]);
        await noHorizontalScroll(page);
        await screenshot(page, `organiser-panel-${language}-${size}`);
      }

      await openInApp(page, '/dashboard/admin?view=staff-invitations');
      await page.locator('#invite-email').waitFor();
      for (const { viewport, size } of SIZES) {
        await page.setViewportSize(viewport);
        await noHorizontalScroll(page);
        await screenshot(page, `invitations-panel-${language}-${size}`);
      }
      await page.context().close();
    });
  }
});
