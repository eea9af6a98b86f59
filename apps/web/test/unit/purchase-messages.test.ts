import { beforeAll, describe, expect, it } from 'vitest';
import {
  isStaleEventError,
  paymentFailedMessage,
  staleEventTitle,
} from '../../src/features/purchase/checkout/purchase-messages';
import { ApiError } from '../../src/lib/api-client';
import { ensureAreas } from '../../src/lib/i18n/areas';
import { i18n } from '../../src/lib/i18n/i18n';

// The purchase dialog's words live in the catalog area 'purchase', loaded with the dialog's code in the app.
beforeAll(() => ensureAreas(['purchase']));

describe('a declined payment toast', () => {
  const t = i18n.getFixedT('en');
  it('never says "Payment failed" twice', () => {
    expect(paymentFailedMessage('Payment failed', t)).toBe('Payment failed');
    expect(paymentFailedMessage('Payment failed.', t)).toBe('Payment failed');
    expect(paymentFailedMessage('Card declined by the bank', t)).toBe(
      'Payment failed: Card declined by the bank',
    );
    expect(paymentFailedMessage(undefined, t)).toBe('Payment failed');
  });
});

/** The dialog's catalog area in Hindi and Gujarati too (loaded for the language being shown). */
async function loadHindiAndGujarati(): Promise<void> {
  try {
    for (const language of ['hi', 'gu']) {
      await i18n.changeLanguage(language);
      await ensureAreas(['purchase']);
    }
  } finally {
    await i18n.changeLanguage('en');
  }
}

describe('a waitlist offer whose resold ticket was withdrawn', () => {
  const withdrawn = new ApiError(409, 'The seller withdrew the resold ticket…', 'RESALE_OFFER_WITHDRAWN');
  it('is a refusal the dialog explains with the server’s sentence, not a failed order', () => {
    expect(isStaleEventError(withdrawn)).toBe(true);
    expect(staleEventTitle(withdrawn, i18n.getFixedT('en'))).toBe('Your resale offer was withdrawn');
    expect(staleEventTitle(new ApiError(409, 'Sold out', 'SOLD_OUT'), i18n.getFixedT('en'))).toBe(
      'Failed to create payment order. Please try again.',
    );
  });
  it('is titled in Hindi and Gujarati too', async () => {
    await loadHindiAndGujarati();
    expect(staleEventTitle(withdrawn, i18n.getFixedT('hi'))).toBe(
      'दोबारा बिक्री वाले टिकट का आपका ऑफ़र वापस ले लिया गया',
    );
    expect(staleEventTitle(withdrawn, i18n.getFixedT('gu'))).toBe(
      'ફરી વેચાણની ટિકિટની તમારી ઑફર પાછી ખેંચી લેવાઈ',
    );
  });
  it('the dialog’s own resold ticket withdrawn (nobody waiting) is titled as that ticket, in each language', async () => {
    await loadHindiAndGujarati();
    expect(staleEventTitle(withdrawn, i18n.getFixedT('en'), true)).toBe('This resold ticket was withdrawn');
    expect(staleEventTitle(withdrawn, i18n.getFixedT('hi'), true)).toBe(
      'यह दोबारा बिकने वाला टिकट वापस ले लिया गया',
    );
    expect(staleEventTitle(withdrawn, i18n.getFixedT('gu'), true)).toBe('આ ફરી વેચાતી ટિકિટ પાછી ખેંચી લેવાઈ');
    // Any other refusal of a resale checkout is a failed order, as before.
    expect(staleEventTitle(new ApiError(409, 'None left', 'SOLD_OUT'), i18n.getFixedT('en'), true)).toBe(
      'Failed to create payment order. Please try again.',
    );
  });
});
