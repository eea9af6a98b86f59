import { beforeAll, describe, expect, it } from 'vitest';
import { paymentFailedMessage } from '../../src/features/purchase/checkout/purchase-messages';
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
