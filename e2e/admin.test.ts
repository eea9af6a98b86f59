import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newEmail } from './support/api';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { openInApp } from './support/in-app';
import { recordShown, shownAfter } from './support/shown';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The organiser's panels as a person uses them: edit the event with a new picture and see it on the
// landing page, issue six named tickets to a family that paid cash and download their PDFs as one zip and the
// sale's document, and a manager who may look at users but not change their roles.

const suite = useServerAndBrowser();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small RGB PNG (saffron to maroon stripes), written with nothing but zlib. */
function makePng(width = 64, height = 36): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const saffron = (x + y) % 16 < 8;
      row.set(saffron ? [255, 166, 61] : [116, 32, 45], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A browser where `email` is already signed in (support/signed-in.ts), on their own dashboard: these scenes are
 * about the panels, and signing in through the chooser is tested where it is the subject.
 */
async function dashboardOf(
  email: string,
  role: 'admin' | 'manager',
  viewport: { width: number; height: number },
  prepare: (context: BrowserContext) => Promise<void> = async () => undefined,
): Promise<Page> {
  const context = await signedInContext(suite.browser, suite.server.url, email, { viewport });
  await prepare(context);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/dashboard/${role}`);
  await page
    .getByRole('heading', { level: 1, name: role === 'admin' ? 'Admin Dashboard' : 'Manager Dashboard' })
    .waitFor();
  return page;
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Opens an admin view inside the app already loaded (support/in-app.ts), as its dashboard tile does. */
async function openView(page: Page, view: string, heading: string) {
  await openInApp(page, `/dashboard/admin?view=${view}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Fills the manual issuance form for a new user and confirms; returns once the success dialog is up. */
async function issueToNewUser(page: Page, recipient: { name: string; email: string }, names: string[]) {
  await page.getByText('New User', { exact: true }).click();
  await page.getByLabel('Full name').fill(recipient.name);
  await page.getByLabel('Email').fill(recipient.email);
  await page.getByLabel('Number of tickets').fill(String(names.length));
  if (names.length > 1) {
    await page.getByLabel('Different names on each ticket').check();
    for (const [index, name] of names.entries()) await page.getByLabel(`Ticket ${index + 1} name`).fill(name);
  }
  await page.getByLabel('Payment received').check();
  await page.getByLabel('Notes (optional)').fill('Paid cash at the society office');
  await page.getByRole('button', { name: 'Issue Tickets' }).click();
  await page.getByRole('button', { name: 'Create User & Issue Tickets' }).click();
  await page.getByRole('dialog', { name: 'Tickets Issued Successfully' }).waitFor();
}

describe('admin panels', () => {
  it('an admin edits the event with a new name and picture, and the landing page shows both', async () => {
    const page = await dashboardOf('admin@utsav.test', 'admin', DESKTOP, recordShown);
    const context = page.context();

    await page.getByRole('button', { name: 'Manage Event' }).click();
    await page.getByRole('button', { name: 'Edit Event Details' }).first().click();
    await page.getByRole('heading', { level: 2, name: 'Basic Information' }).waitFor();

    const newName = 'Utsav Sharad Purnima Garba';
    await page.getByLabel('Event name').fill(newName);
    await page
      .locator('#eventImage')
      .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByRole('img', { name: 'Preview of the chosen event artwork' }).waitFor();
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to update this event?').waitFor();
    // The page reloads by itself a moment after saving; a navigation of our own started before that reload
    // would be aborted by it, so the test waits for the reload to end first.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Yes' }).click();
    // The toast shows until that reload (support/shown.ts).
    expect((await shownAfter(page, 'toast', 0)).text).toContain('Event updated successfully! ✨');
    await reloaded;

    await page.goto(suite.server.url);
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();
    await page.locator('#about').scrollIntoViewIfNeeded();
    const poster = page.getByRole('img', { name: `${newName} poster` });
    await poster.waitFor();
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    expect(await poster.getAttribute('src')).toMatch(/^\/api\/event\/image\//);
    await context.close();
  });

  it('an admin issues 6 named tickets to a new user and downloads a zip of 6 PDFs', async () => {
    const page = await dashboardOf('admin@utsav.test', 'admin', DESKTOP);
    const context = page.context();
    await page
      .getByRole('button', { name: /Issue Manual Tickets/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Issue Manual Tickets' }).waitFor();
    expect(page.url()).toContain('view=manual-ticket-issuance');

    const family = ['Priya Shah', 'Rohan Shah', 'Anaya Shah', 'Vihaan Shah', 'Meena Shah', ''];
    // A new address on each attempt: on a retry the first attempt's person is no longer new.
    await issueToNewUser(page, { name: 'Priya Shah', email: newEmail('priya.shah') }, family);
    const dialog = page.getByRole('dialog', { name: 'Tickets Issued Successfully' });
    await expect.poll(() => dialog.getByText('New User', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Received', { exact: true }).isVisible()).toBe(true);
    // Payment received: the sale's document was made with the tickets, named in the dialog and saved under its
    // number.
    const named = (await dialog.getByText(/^For the payment received: /).textContent()) ?? '';
    const number = /^For the payment received: (?:Tax invoice|Bill of supply|Receipt) (\S+)$/.exec(
      named.trim(),
    )?.[1];
    expect(number, named).toBeTruthy();
    const invoice = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download invoice' }).click();
    expect((await invoice).suggestedFilename()).toBe(`${number!.replaceAll('/', '-')}.pdf`);

    const downloadPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const pdfs = Object.entries(files).filter(([name]) => name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(6);
    for (const [, bytes] of pdfs) expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');

    await dialog.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await context.close();
  });

  it('a manager sees the users but no Change Role button, and the notice saying why', async () => {
    const page = await dashboardOf('manager@utsav.test', 'manager', DESKTOP);
    const context = page.context();
    await page.getByRole('button', { name: /Manage Users/ }).click();
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    await page.getByText('admin@utsav.test').filter({ visible: true }).first().waitFor();
    await expect
      .poll(() => page.getByText('you can view users, but you cannot change their roles').isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: /Change Role/ }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Change Role' }).count()).toBe(0);
    await context.close();
  });
});

describe('admin screens at phone and desktop widths', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`dashboard, event form, users, tickets, analytics and issuance success at ${viewport.width} px`, async () => {
      const page = await dashboardOf('admin@utsav.test', 'admin', viewport);
      const context = page.context();
      await page.getByText('Healthy').waitFor();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `admin-dashboard-${viewport.width}`);

      await openView(page, 'event-manager', 'Event Manager');
      await page.getByRole('button', { name: 'Edit Event Details' }).first().click();
      await page.getByRole('heading', { level: 2, name: 'Basic Information' }).waitFor();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `admin-event-form-${viewport.width}`);

      await openView(page, 'user-management', 'User Management');
      await page.getByText('manager@utsav.test').filter({ visible: true }).first().waitFor();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `admin-users-${viewport.width}`);

      await openView(page, 'ticket-management', 'Ticket Management');
      await page
        .getByText(/tickets$/)
        .first()
        .waitFor();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `admin-tickets-${viewport.width}`);

      await openView(page, 'analytics', 'Sales Analytics');
      await page.getByRole('heading', { name: 'Event performance' }).waitFor();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `admin-analytics-${viewport.width}`);
      await page.evaluate(() => {
        document.getElementById('daily-sales-title')?.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -90);
      });
      await screenshot(page, `admin-analytics-charts-${viewport.width}`);

      await openView(page, 'manual-ticket-issuance', 'Issue Manual Tickets');
      await issueToNewUser(
        page,
        { name: `Walk-in ${viewport.width}`, email: newEmail(`walkin${viewport.width}`) },
        ['Asha', 'Dev'],
      );
      await screenshot(page, `admin-issuance-success-${viewport.width}`);
      await context.close();
    });
  }
});
