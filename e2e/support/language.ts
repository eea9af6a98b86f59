import type { Locator } from 'playwright-core';

// Checks that a translated screen has no English left in it.

/** Words allowed to stay in Latin letters: data (event, venue, the buyer), brands and units. */
const LATIN_ALLOWED = ['Google', 'Razorpay', 'UPI', 'QR', 'IST', 'PM', 'AM', 'pm', 'am'];

/** English words left in what the dialog shows or names (text and accessible labels), once data is removed. */
export async function englishLeftovers(scope: Locator, data: string[]): Promise<string[]> {
  const shown = await scope.evaluate((root) => {
    const labels = [...root.querySelectorAll('[aria-label], [placeholder], [title]')].map((element) =>
      ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? '').join(' '),
    );
    return `${root.textContent ?? ''}\n${labels.join('\n')}`;
  });
  let rest = shown;
  for (const text of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(text).join(' ');
  return (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !LATIN_ALLOWED.includes(word));
}
