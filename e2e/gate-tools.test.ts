import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pausableClock } from '../apps/server/support/clock';
import { type ApiUser, apiAt, newEmail } from './support/api';
import { launchBrowser, newContext, PHONE, type PopupAccount, screenshot } from './support/browser';
import { fakeCameraFlags, writeFakeCameraY4m } from './support/fake-camera';
import { recordShown, shownOf } from './support/shown';
import { storeSignIn } from './support/signed-in';
import { usePrivateApp } from './support/suite';

// The gate's tools for a guest whose QR cannot be scanned, at 390 px: finding the
// guest by name and admitting from the list, typing the printed ticket code, the torch where the camera
// has one; and the scanner in Hindi and Gujarati, server messages included.

interface BoughtTicket {
  id: string;
  ticketId: string;
  qrCode: string;
  holderName: string;
}

interface Pass {
  method: string;
  direction: string;
}

// The app's clock runs with the real one, except while a test holds it (the typed-code allowance: support/clock.ts).
const clock = pausableClock();
const product = usePrivateApp('gate-tools', { now: clock.now });
const api = apiAt(() => product.url);

let browser: Browser;
let admin: ApiUser;

beforeAll(async () => {
  // A camera is needed for the torch; every test may start it. Its picture is a QR of no ticket.
  const file = path.join(product.workDir, 'camera.y4m');
  writeFakeCameraY4m('not a ticket at all', file);
  browser = await launchBrowser(fakeCameraFlags(file));
  admin = await api.signIn('admin@utsav.test', 'Asha Admin');
});

afterAll(async () => {
  await browser?.close();
});

async function ticketFor(email: string, name: string): Promise<BoughtTicket> {
  return api.buyTicket<BoughtTicket>(await api.signIn(email, name));
}

async function passesOf(ticketId: string): Promise<Pass[]> {
  const { history } = await api.call<{ history: Pass[] }>(
    'GET',
    `/api/admin/tickets/${ticketId}/checkins`,
    admin.token,
  );
  return history;
}

/** A gate phone with `account` signed in on the scanner page, in `language`, its ticket list downloaded. */
async function openGate(
  account: string | PopupAccount,
  options: { language?: 'en' | 'hi' | 'gu'; init?: () => void } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport: PHONE });
  await context.grantPermissions(['camera'], { origin: product.url });
  await recordShown(context);
  if (options.init) await context.addInitScript(options.init);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error));
  await storeSignIn(page, product.url, account);
  // The language a volunteer chose in the switcher, remembered on the phone.
  await page.evaluate(
    (language) => localStorage.setItem('utsav.language', language),
    options.language ?? 'en',
  );
  await page.goto(`${product.url}/dashboard/qrchecker`);
  await page.getByTestId('snapshot-info').waitFor();
  await expect
    .poll(() => page.getByTestId('snapshot-info').textContent())
    .toMatch({ en: /^Ticket list:/, hi: /^टिकट सूची:/, gu: /^ટિકિટ યાદી:/ }[options.language ?? 'en']);
  return { context, page };
}

async function typeCode(page: Page, label: string, code: string): Promise<void> {
  await page.getByLabel(label).fill(code);
  await page.getByLabel(label).press('Enter');
}

/** The last result the scanner showed (support/shown.ts: its overlay goes away by itself). */
function resultText(page: Page): string {
  return shownOf(page, 'scan-result').at(-1)?.text ?? '';
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** 200% text, as a phone's text-size setting gives it (see guest-large-text.test.ts). */
async function largeText(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
}

describe('the gate at 390 px', () => {
  it('finds a guest whose phone is dead by name, admits from the list, and the organiser sees it was by search', async () => {
    const ticket = await ticketFor('nirali.mehta@example.test', 'Nirali Mehta');
    const { context, page } = await openGate('checker@utsav.test');
    const search = page.getByLabel('Name, email or ticket code');
    await search.fill('ni');
    await search.press('Enter');
    await page.getByText('Type at least 3 letters of a name, an email or a ticket code').waitFor();

    await search.fill('nirali');
    await search.press('Enter');
    const row = page.getByTestId('found-ticket').filter({ hasText: ticket.ticketId });
    await row.waitFor();
    expect(await row.textContent()).toContain('Not yet in');
    // The email is masked: enough to confirm with the guest, not a list of addresses.
    expect(await row.textContent()).toContain('ni•••@example.test');
    await row.scrollIntoViewIfNeeded();
    await noHorizontalScroll(page);
    // Scrolled down the page, the gate bar stays in view below the header: this phone's count is not covered
    // (polled: the header shrinks with its own transition once the page scrolls, and the bar follows it).
    const countCovered = () =>
      page.evaluate(() => {
        const count = document.querySelector('[data-testid="phone-count"]');
        if (!count) return 'missing';
        const box = count.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit && (count === hit || count.contains(hit))
          ? 'visible'
          : `covered by ${hit?.outerHTML.slice(0, 80)}`;
      });
    await expect.poll(countCovered).toBe('visible');
    await screenshot(page, 'gate-search-result-390');

    // The first tap only asks: whose ticket it is, its code and status, and nobody is in yet.
    await row.getByRole('button', { name: `Admit Nirali Mehta, ticket ${ticket.ticketId}` }).click();
    const confirm = row.getByRole('region', { name: 'Check before admitting' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Nirali Mehta');
    expect(await confirm.textContent()).toContain(ticket.ticketId);
    expect(await confirm.textContent()).toContain('Not yet in');
    const admit = confirm.getByRole('button', { name: 'Admit Nirali Mehta' });
    await expect.poll(() => admit.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, 'gate-search-confirm-390');
    expect(await passesOf(ticket.id)).toEqual([]);
    // Not this guest: nothing happens, the row offers Admit again.
    await confirm.getByRole('button', { name: 'Not this guest' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await passesOf(ticket.id)).toEqual([]);
    await row.getByRole('button', { name: `Admit Nirali Mehta, ticket ${ticket.ticketId}` }).click();
    // The second tap admits.
    await row.getByRole('button', { name: 'Admit Nirali Mehta', exact: true }).click();
    await row.getByText('Entry Allowed, Welcome Nirali Mehta!').waitFor();
    expect(await page.getByTestId('stat-validEntries').textContent()).toBe('1');
    // The list is read again: the guest is in now, so no Admit for them.
    await expect.poll(() => row.textContent()).toMatch(/Already in/);
    expect(await row.getByRole('button', { name: /^Admit/ }).count()).toBe(0);
    await screenshot(page, 'gate-search-admitted-390');

    expect(await passesOf(ticket.id)).toEqual([
      expect.objectContaining({ direction: 'in', method: 'search' }),
    ]);
    await context.close();
  });

  it('admits by the ticket code typed in, any case and spacing, once; the log says typed', async () => {
    const ticket = await ticketFor('tejas.typed@example.test', 'Tejas Typed');
    const { context, page } = await openGate('checker@utsav.test');
    const label = 'Ticket code printed under the QR (UT-…)';
    const loose = ticket.ticketId.toLowerCase().replace('-', ' ');
    await typeCode(page, label, loose);
    // The code is looked up first: whose ticket, its code as printed, its status; nobody is in yet.
    const confirm = page.getByRole('region', { name: 'Check before admitting' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Tejas Typed');
    expect(await confirm.textContent()).toContain(ticket.ticketId);
    expect(await confirm.textContent()).toContain('Not yet in');
    await screenshot(page, 'gate-typed-code-confirm-390');
    expect(await passesOf(ticket.id)).toEqual([]);
    // Focus is on Admit: the keyboard's Enter is the second tap.
    const admit = confirm.getByRole('button', { name: 'Admit Tejas Typed' });
    await expect.poll(() => admit.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => resultText(page)).toContain('Entry Allowed, Welcome Tejas Typed!');
    await confirm.waitFor({ state: 'detached' });
    expect(shownOf(page, 'scan-result').at(-1)?.tone).toBe('success');
    await screenshot(page, 'gate-typed-code-admitted-390');

    // A used ticket is refused on the first tap, saying whose it was and when.
    await typeCode(page, label, ticket.ticketId);
    await expect.poll(() => resultText(page)).toContain('Already Used');
    expect(resultText(page)).toContain('Ticket of Tejas Typed');
    expect(resultText(page)).toContain('Previous scan at');
    expect(await page.getByRole('region', { name: 'Check before admitting' }).count()).toBe(0);
    expect(await passesOf(ticket.id)).toEqual([
      expect.objectContaining({ direction: 'in', method: 'typed' }),
    ]);
    await context.close();
  });

  it('offers the torch only where the camera has one, and switches it (capabilities faked in the page)', async () => {
    // Headless Chromium's fake camera has no torch: without help the button must not be there.
    const plain = await openGate('checker@utsav.test');
    await plain.page.getByRole('button', { name: 'Start Camera' }).click();
    await plain.page.getByRole('button', { name: 'Stop Camera' }).waitFor();
    await plain.page.waitForTimeout(1000);
    expect(await plain.page.getByRole('button', { name: /^Torch/ }).count()).toBe(0);
    await plain.context.close();

    // A phone camera with a torch, as Chrome on Android reports it: `torch` in the track's capabilities,
    // switched through applyConstraints({ advanced: [{ torch }] }), recorded here for the test to read.
    const torch = await openGate('checker@utsav.test', {
      init: () => {
        const original = MediaStreamTrack.prototype.getCapabilities;
        MediaStreamTrack.prototype.getCapabilities = function capabilities() {
          return { ...original.call(this), torch: true } as MediaTrackCapabilities;
        };
        const apply = MediaStreamTrack.prototype.applyConstraints;
        MediaStreamTrack.prototype.applyConstraints = function constraints(constraint) {
          const wanted = (constraint?.advanced?.[0] as { torch?: boolean } | undefined)?.torch;
          if (wanted !== undefined) {
            (window as unknown as { torchStates: boolean[] }).torchStates ??= [];
            (window as unknown as { torchStates: boolean[] }).torchStates.push(wanted);
            return Promise.resolve();
          }
          return apply.call(this, constraint);
        };
      },
    });
    const { page } = torch;
    await page.getByRole('button', { name: 'Start Camera' }).click();
    const on = page.getByRole('button', { name: 'Torch on' });
    await on.waitFor();
    expect(await on.getAttribute('aria-pressed')).toBe('false');
    await on.click();
    const off = page.getByRole('button', { name: 'Torch off' });
    await off.waitFor();
    expect(await off.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { torchStates: boolean[] }).torchStates)).toEqual([
      true,
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'gate-torch-on-390');
    await off.click();
    await on.waitFor();
    await torch.context.close();
  });
});

describe('the scanner in Hindi and Gujarati at 390 px', () => {
  it('Hindi: every text of the scanner, a typed code admitted and refused, at 200% text too', async () => {
    const ticket = await ticketFor('hema.hindi@example.test', 'Hema Sharma');
    const { context, page } = await openGate('checker@utsav.test', { language: 'hi' });
    await page.getByRole('heading', { level: 1, name: 'QR स्कैनर' }).waitFor();
    await page.getByRole('button', { name: 'कैमरा चालू करें' }).waitFor();
    await page.getByRole('heading', { name: 'मेहमान खोजें' }).waitFor();
    expect(await page.getByTestId('gate-name').textContent()).toBe('गेट का नाम नहीं दिया गया');
    const label = 'QR के नीचे छपा टिकट कोड (UT-…)';
    await typeCode(page, label, ticket.ticketId);
    const confirm = page.getByRole('region', { name: 'अंदर भेजने से पहले जाँचें' });
    await confirm.waitFor();
    await screenshot(page, 'scanner-hi-confirm-390');
    await confirm.getByRole('button', { name: 'Hema Sharma को अंदर भेजें' }).click();
    await expect.poll(() => resultText(page)).toContain('प्रवेश की अनुमति है, स्वागत है Hema Sharma!');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'scanner-hi-admitted-390');
    await typeCode(page, label, ticket.ticketId);
    await expect.poll(() => resultText(page)).toContain('पहले ही इस्तेमाल हो चुका है');
    expect(resultText(page)).toContain('पिछला स्कैन');

    await largeText(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await noHorizontalScroll(page);
    await screenshot(page, 'scanner-hi-390-large-text');
    await page.getByRole('heading', { name: 'यह डिवाइस' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'scanner-hi-390-large-text-stats');
    await context.close();
  });

  it("Gujarati: the scanner's texts, and the server's own message (typed codes rate-limited) in Gujarati", async () => {
    // A second volunteer: the typed-code allowance is per volunteer, and this test spends it (a new one on each
    // attempt: a retry comes within the same minute).
    const volunteer = await api.signIn(newEmail('gopal.gate'), 'Gopal Gate');
    const { user } = await api.call<{ user: { id: string } }>('POST', '/api/auth/google-signin', undefined, {
      idToken: volunteer.token,
    });
    await api.call('PATCH', `/api/admin/users/${user.id}/role`, admin.token, { role: 'qrchecker' });
    const { context, page } = await openGate(
      { email: volunteer.email, name: volunteer.name },
      { language: 'gu' },
    );
    await page.getByRole('heading', { level: 1, name: 'QR સ્કેનર' }).waitFor();
    await page.getByRole('heading', { name: 'મહેમાન શોધો' }).waitFor();
    const label = 'QR નીચે છાપેલો ટિકિટ કોડ (UT-…)';
    // No ticket has this code: 'Ticket Not Found' twenty times, then the server's allowance runs out. The app's
    // clock is held meanwhile: twenty-one codes in one minute whatever the machine's speed.
    clock.pause();
    for (let i = 0; i < 20; i++) {
      await typeCode(page, label, 'UT-0000000000');
      await expect.poll(() => page.getByTestId('stat-totalScanned').textContent()).toBe(String(i + 1));
    }
    expect(resultText(page)).toContain('ટિકિટ મળી નથી');
    await typeCode(page, label, 'UT-0000000000');
    await expect.poll(() => resultText(page)).toContain('ઘણા બધા કોડ ટાઇપ થયા');
    clock.resume();
    // The detail is the server's message, answered in Gujarati through its catalog.
    expect(resultText(page)).toContain('દરેક સ્વયંસેવક એક મિનિટમાં વધુમાં વધુ 20 કોડ લખી શકે છે');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'scanner-gu-server-message-390');

    await largeText(page);
    await noHorizontalScroll(page);
    await page.getByRole('heading', { name: 'મહેમાન શોધો' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'scanner-gu-390-large-text-search');
    await context.close();
  });
});
