import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkoutSignature,
  verifyCheckoutSignature,
  verifyWebhookSignature,
  webhookSignature,
} from '../../../src/platform/payments/signatures';

const KEY_SECRET = 'key-secret-for-tests';
const WEBHOOK_SECRET = 'webhook-secret-for-tests';
const ORDER_ID = 'order_IluGWxBm9U8zJ8';
const PAYMENT_ID = 'pay_IluGxdeIZN2lX3';

// Computed here independently of the module under test.
const expectedCheckout = createHmac('sha256', KEY_SECRET).update(`${ORDER_ID}|${PAYMENT_ID}`).digest('hex');
const body = Buffer.from(
  '{"entity":"event","event":"payment.captured","payload":{"amount":"₹ 500"}}',
  'utf8',
);
const expectedWebhook = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');

describe('checkout signature', () => {
  it('is the hex HMAC-SHA256 of order_id|payment_id under the key secret', () => {
    expect(checkoutSignature(ORDER_ID, PAYMENT_ID, KEY_SECRET)).toBe(expectedCheckout);
  });

  it('matches a known vector', () => {
    expect(checkoutSignature('order_A', 'pay_B', 'secret')).toBe(
      createHmac('sha256', 'secret').update('order_A|pay_B').digest('hex'),
    );
  });

  it('accepts the genuine signature in lower or upper case', () => {
    expect(verifyCheckoutSignature(ORDER_ID, PAYMENT_ID, expectedCheckout, KEY_SECRET)).toBe(true);
    expect(verifyCheckoutSignature(ORDER_ID, PAYMENT_ID, expectedCheckout.toUpperCase(), KEY_SECRET)).toBe(
      true,
    );
  });

  it('refuses a signature made for another order, another payment or with another secret', () => {
    expect(verifyCheckoutSignature('order_Other000000000', PAYMENT_ID, expectedCheckout, KEY_SECRET)).toBe(
      false,
    );
    expect(verifyCheckoutSignature(ORDER_ID, 'pay_Other00000000', expectedCheckout, KEY_SECRET)).toBe(false);
    expect(verifyCheckoutSignature(ORDER_ID, PAYMENT_ID, expectedCheckout, 'other-secret')).toBe(false);
  });

  it('refuses a swapped order and payment id (the separator matters)', () => {
    const swapped = createHmac('sha256', KEY_SECRET).update(`${PAYMENT_ID}|${ORDER_ID}`).digest('hex');
    expect(verifyCheckoutSignature(ORDER_ID, PAYMENT_ID, swapped, KEY_SECRET)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['too short', expectedCheckout.slice(0, 63)],
    ['too long', `${expectedCheckout}0`],
    ['not hex', `${expectedCheckout.slice(0, 63)}z`],
    ['base64 of the digest', Buffer.from(expectedCheckout, 'hex').toString('base64')],
    ['a number', 42],
    ['undefined', undefined],
    ['an object', { signature: expectedCheckout }],
  ])('is false, never an exception, for a signature that is %s', (_label, signature) => {
    expect(verifyCheckoutSignature(ORDER_ID, PAYMENT_ID, signature, KEY_SECRET)).toBe(false);
  });

  it('is false when the key secret or an id is empty', () => {
    const withEmptySecret = createHmac('sha256', '').update(`${ORDER_ID}|${PAYMENT_ID}`).digest('hex');
    expect(verifyCheckoutSignature(ORDER_ID, PAYMENT_ID, withEmptySecret, '')).toBe(false);
    expect(verifyCheckoutSignature('', PAYMENT_ID, expectedCheckout, KEY_SECRET)).toBe(false);
  });
});

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of the raw body under the webhook secret', () => {
    expect(webhookSignature(body, WEBHOOK_SECRET)).toBe(expectedWebhook);
    expect(webhookSignature(body.toString('utf8'), WEBHOOK_SECRET)).toBe(expectedWebhook);
  });

  it('accepts the genuine header for the raw bytes, as a Buffer or a string', () => {
    expect(verifyWebhookSignature(body, expectedWebhook, WEBHOOK_SECRET)).toBe(true);
    expect(verifyWebhookSignature(body.toString('utf8'), expectedWebhook, WEBHOOK_SECRET)).toBe(true);
  });

  it('refuses a re-serialised body even when it parses to the same JSON', () => {
    const reserialised = JSON.stringify(JSON.parse(body.toString('utf8')), null, 1);
    expect(verifyWebhookSignature(reserialised, expectedWebhook, WEBHOOK_SECRET)).toBe(false);
  });

  it('refuses a body changed by one byte', () => {
    const changed = Buffer.from(body);
    changed[changed.length - 2] = 0x20;
    expect(verifyWebhookSignature(changed, expectedWebhook, WEBHOOK_SECRET)).toBe(false);
  });

  it('refuses a body signed with the key secret instead of the webhook secret', () => {
    const withKeySecret = createHmac('sha256', KEY_SECRET).update(body).digest('hex');
    expect(verifyWebhookSignature(body, withKeySecret, WEBHOOK_SECRET)).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['repeated', [expectedWebhook, expectedWebhook]],
    ['too short', expectedWebhook.slice(2)],
    ['not hex', 'g'.repeat(64)],
    ['padded with spaces', ` ${expectedWebhook}`],
  ])('is false, never an exception, for a header that is %s', (_label, header) => {
    expect(verifyWebhookSignature(body, header as string | string[] | undefined, WEBHOOK_SECRET)).toBe(false);
  });

  it('is false when no webhook secret is configured', () => {
    const withEmptySecret = createHmac('sha256', '').update(body).digest('hex');
    expect(verifyWebhookSignature(body, withEmptySecret, '')).toBe(false);
  });
});
