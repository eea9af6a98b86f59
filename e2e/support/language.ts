import type { Locator } from 'playwright-core';

// Checks that a translated screen has no English left in it.

/** Words allowed to stay in Latin letters: data (event, venue, the buyer), brands and units. */
const LATIN_ALLOWED = ['Google', 'Razorpay', 'UPI', 'QR', 'IST', 'PM', 'AM', 'pm', 'am'];

/**
 * English words left in what the scope shows or names (text and accessible labels, image alt texts), once data
 * is removed. Data is matched case-insensitively: CSS may show a name in capitals. `allowed` adds words that
 * stay Latin on that screen (product names such as Apple Wallet).
 */
export async function englishLeftovers(
  scope: Locator,
  data: string[],
  allowed: string[] = [],
): Promise<string[]> {
  const shown = await scope.evaluate((root) => {
    const labels = [...root.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].map(
      (element) =>
        ['aria-label', 'placeholder', 'title', 'alt']
          .map((name) => element.getAttribute(name) ?? '')
          .join(' '),
    );
    return `${root.textContent ?? ''}\n${labels.join('\n')}`;
  });
  let rest = shown;
  for (const text of [...data].sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ' ');
  }
  return [...new Set(rest.match(/[A-Za-z]{2,}/g) ?? [])].filter(
    (word) => !LATIN_ALLOWED.includes(word) && !allowed.includes(word),
  );
}
