import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, apiAt, newEmail } from './support/api';
import { DESKTOP, PHONE, type PopupAccount, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { openViewInApp } from './support/in-app';
import { searchList } from './support/list-search';
import { signedInContext, signedInPage } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The organiser's questions in the purchase dialog at 390 px: a mobile number for each ticket, the 18+ tick and a
// choice, asked before paying. A required answer left out is refused by its own field (marked invalid, its message
// tied to it, the focus moved there) and nothing is paid; answered, the order goes through and the gate's search
// shows each ticket's number.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);
let admin: ApiUser;

// The three questions every test here starts from (set again by the test that changes them, so its retry on a
// busy machine starts where its first attempt did).
const startingQuestions = () =>
  api.call('PUT', '/api/admin/checkout-questions', admin.token, {
    questions: [
      {
        kind: 'phone',
        label: 'Mobile number',
        labelHi: 'मोबाइल नंबर',
        labelGu: 'મોબાઇલ નંબર',
        required: true,
        perTicket: true,
      },
      { kind: 'age-18', label: 'I confirm I am 18 or older', required: true, perTicket: false },
      {
        kind: 'choice',
        label: 'Dandiya sticks',
        options: ['Bringing my own', 'Renting at the venue'],
        required: false,
        perTicket: false,
      },
    ],
  });

beforeAll(async () => {
  admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  await startingQuestions();
});

describe('questions at checkout', () => {
  it('a guest answers them; a missing number is refused by its field, then the order is paid', async () => {
    // Signed in as the chooser leaves it (support/signed-in.ts): the chooser is tested where it is the subject.
    // A new guest on each attempt, found by the address below: a retry would find the first attempt's tickets.
    const email = newEmail('kiran.questions');
    const page = await signedInPage(
      suite.browser,
      suite.server.url,
      { email, name: 'Kiran Questions' },
      { viewport: PHONE },
    );
    const context = page.context();

    await page.getByRole('button', { name: 'Book Your Tickets Now' }).first().click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('button', { name: 'Increase quantity' }).click();
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.getByRole('heading', { name: 'A few questions from the organiser' }).waitFor();
    const questions = confirm.getByTestId('checkout-questions');
    const firstPhone = questions.getByRole('group', { name: /Mobile number/ }).getByLabel('Ticket 1');
    const secondPhone = questions.getByRole('group', { name: /Mobile number/ }).getByLabel('Ticket 2');
    await firstPhone.fill('98765 43210');
    await questions.getByLabel(/I confirm I am 18 or older/).check();
    await questions.getByLabel(/Dandiya sticks/).selectOption('Renting at the venue');

    // The second ticket's number is left out: refused by that field, nothing is paid.
    await confirm.getByRole('button', { name: /^Pay / }).click();
    const error = questions.getByTestId('answer-error');
    await expect.poll(() => error.count()).toBe(1);
    expect(await error.textContent()).toContain('Please answer this question');
    expect(await secondPhone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await secondPhone.getAttribute('aria-describedby')) ?? '';
    const errorId = await error.getAttribute('id');
    expect(describedBy.split(' ')).toContain(errorId);
    await expect.poll(() => secondPhone.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await firstPhone.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByRole('button', { name: 'Pay with UPI' }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'checkout-questions-refused-390');

    // A number that is not an Indian mobile is refused too, with its own message.
    await secondPhone.fill('12345');
    await confirm.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(async () => (await error.textContent()) ?? '').toContain('Indian mobile number');

    await secondPhone.fill('+91 91234 56789');
    await confirm.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('button', { name: 'Pay with UPI' }).click();
    await page.waitForURL(/\/payment-success$/);

    const found = await api.call<{ tickets: { phone: string | null }[] }>(
      'GET',
      `/api/tickets/checkin/search?q=${encodeURIComponent(email)}`,
      admin.token,
    );
    expect(found.tickets.map((ticket) => ticket.phone).sort()).toEqual([
      '+91 91234 56789',
      '+91 98765 43210',
    ]);
    await context.close();
  });
});

/** One ticket paid through the API with the required questions answered, as the dialog sends them. */
async function buyAnswered(buyer: ApiUser, phone: string): Promise<{ id: string; ticketId: string }> {
  // The e2e event type keeps only what the suites price with; GET /event also carries the questions asked.
  const event = (await api.currentEvent()) as { checkoutQuestions?: { id: string; kind: string }[] };
  const answers = (event.checkoutQuestions ?? []).flatMap((question) =>
    question.kind === 'phone'
      ? [{ questionId: question.id, value: phone, ticketIndex: 0 }]
      : question.kind === 'age-18'
        ? [{ questionId: question.id, value: 'yes' }]
        : [],
  );
  return api.buyTicket(buyer, answers);
}

/**
 * A 390 px page at 200% text (the root font size doubled, as a phone's text-size setting does), on the landing
 * page with `account` signed in as the chooser leaves it (support/signed-in.ts) and `language` remembered.
 */
async function largeTextPage(
  language: 'hi' | 'gu' | undefined,
  account: string | PopupAccount,
): Promise<Page> {
  const context = await signedInContext(suite.browser, suite.server.url, account, {
    viewport: PHONE,
    ...(language ? { language } : {}),
  });
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.style.fontSize = '200%';
    });
  });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  // Signed in once the header's account menu is there (named in the page's language).
  await page
    .getByRole('button', { name: /^Account menu for |खाता मेन्यू$|ખાતા મેનુ$/, includeHidden: true })
    .waitFor({ state: 'attached' });
  return page;
}

describe('questions at checkout at 200% text', () => {
  it('in Gujarati the dialog asks in Gujarati and refuses in Gujarati, with nothing scrolling sideways', async () => {
    const page = await largeTextPage('gu', {
      email: 'dhruv.questions@example.test',
      name: 'Dhruv Questions',
    });
    await page.getByRole('button', { name: 'હમણાં જ તમારી ટિકિટ બુક કરો' }).first().click();
    const booking = page.getByRole('dialog', { name: 'તમારી ટિકિટો બુક કરો' });
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'ખરીદી ચાલુ રાખો' }).click();
    const confirm = page.getByRole('dialog', { name: 'તમારી ખરીદીની પુષ્ટિ કરો' });
    const questions = confirm.getByTestId('checkout-questions');
    await questions.getByRole('group', { name: /મોબાઇલ નંબર/ }).waitFor();
    await confirm.getByRole('button', { name: /₹/ }).click();
    await expect
      .poll(async () => (await questions.getByTestId('answer-error').allTextContents()).join(' '))
      .toContain('કૃપા કરીને આ પ્રશ્નનો જવાબ આપો');
    await expectNoHorizontalScroll(page);
    // The dialog scrolls up and down on its own: neither it nor the questions may scroll sideways inside it.
    for (const box of [confirm, questions]) {
      expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
        0,
      );
    }
    await screenshot(page, 'checkout-questions-gu-200');
    await page.context().close();
  });

  it('the organiser adds a question; an empty one is refused by its field, then saved; Ticket Management says whose the answers are', async () => {
    await startingQuestions();
    const page = await largeTextPage(undefined, 'admin@utsav.test');
    await page.goto(`${suite.server.url}/dashboard/admin?view=checkout-questions`);
    await page.getByRole('heading', { level: 1, name: 'Questions at checkout' }).waitFor();
    const cards = page.getByTestId('question-card');
    await expect.poll(() => cards.count()).toBe(3);
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByRole('button', { name: 'Save questions' }).click();
    const label = cards.nth(3).getByLabel('Question (English)');
    await expect.poll(() => label.getAttribute('aria-invalid')).toBe('true');
    expect(await cards.nth(3).textContent()).toContain('Question text is required');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'checkout-questions-editor-200');

    await label.fill('Which garba group are you with?');
    await cards.nth(3).getByLabel('Question in Hindi (optional)').fill('आप किस गरबा समूह के साथ हैं?');
    await page.getByRole('button', { name: 'Move question 4 up' }).click();
    await page.getByRole('button', { name: 'Save questions' }).click();
    await page.getByText('Questions saved').first().waitFor();
    const saved = await api.call<{ questions: { label: string }[] }>(
      'GET',
      '/api/admin/checkout-questions',
      admin.token,
    );
    expect(saved.questions.map((question) => question.label)).toEqual([
      'Mobile number',
      'I confirm I am 18 or older',
      'Which garba group are you with?',
      'Dandiya sticks',
    ]);

    // Ticket Management says whose the answers are. Kiran pays for a ticket with the questions answered and passes
    // it on: its answers stay with Kiran's order, shown on Kiran's ticket as the buyer's; the friend's ticket has
    // none and says why.
    const kiran = await api.signIn('kiran.passes@example.test', 'Kiran Passes');
    const given = await buyAnswered(kiran, '98200 11223');
    await api.transferTicket(kiran, given.id, { name: 'Meera Friend', email: 'meera.friend@example.test' });
    // Opened inside the app the organiser has open, as its tile opens it (support/in-app.ts).
    await openViewInApp(
      page,
      '/dashboard/admin?view=ticket-management',
      page.getByRole('heading', { level: 1, name: 'Ticket Management' }),
    );
    const search = page.getByLabel('Search tickets by user name or email');
    // The list answers a search after typing pauses; until then it still shows every ticket. Wait for the searched
    // list (every card that person's) before opening a card, so the card opened is the one found.
    const cardsShown = page.getByRole('list', { name: 'Tickets' }).locator(':scope > li');
    const searchFor = (email: string) => searchList(search, email, cardsShown);
    await searchFor('kiran.passes@example.test');
    const givenCard = page.getByRole('listitem').filter({ hasText: given.ticketId }).first();
    await givenCard.getByRole('button', { name: /^Details of ticket / }).click();
    const givenAnswers = givenCard.getByTestId('ticket-answers');
    await expect
      .poll(
        async () => (await givenAnswers.getByTestId('answers-whose').textContent({ timeout: 1000 })) ?? '',
      )
      .toBe(
        "Given by the buyer at checkout. They stay with the buyer's order: Meera Friend, who received this ticket, was not asked.",
      );
    expect(await givenAnswers.textContent()).toContain('+91 98200 11223');
    await givenAnswers.scrollIntoViewIfNeeded();
    // The answers wrap within their card (the section itself never scrolls sideways), and the open details, their
    // document button included, within the page.
    expect(
      await givenAnswers.evaluate((section) => section.scrollWidth - section.clientWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'ticket-answers-transferred-200');
    await expectNoHorizontalScroll(page);

    await searchFor('meera.friend@example.test');
    const receivedCard = page.getByRole('listitem').filter({ hasText: 'meera.friend@example.test' }).first();
    await receivedCard.getByRole('button', { name: /^Details of ticket / }).click();
    const received = receivedCard.getByTestId('ticket-answers');
    expect(await received.getByTestId('answers-whose').textContent()).toBe(
      "This ticket came by transfer: its holder was not asked. The answers given at checkout stay with the buyer's order and are shown under the buyer's ticket.",
    );
    await received.scrollIntoViewIfNeeded();
    expect(
      await received.evaluate((section) => section.scrollWidth - section.clientWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'ticket-answers-received-200');
    await expectNoHorizontalScroll(page);

    // The same at desktop width and normal text.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '';
    });
    await page.setViewportSize(DESKTOP);
    // At desktop width the list is a table; the opened ticket stays open there.
    const receivedInTable = page.locator('[data-testid="ticket-answers"]:visible');
    await receivedInTable.waitFor();
    expect(await receivedInTable.getByTestId('answers-whose').textContent()).toContain(
      'This ticket came by transfer',
    );
    await receivedInTable.scrollIntoViewIfNeeded();
    await screenshot(page, 'ticket-answers-received-desktop');
    await expectNoHorizontalScroll(page);
    await page.context().close();
  });
});
