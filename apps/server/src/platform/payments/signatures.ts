import { createHmac, timingSafeEqual } from 'node:crypto';

// Razorpay signs with hex HMAC-SHA256: checkout responses over `order_id|payment_id` with the key
// secret, webhooks over the raw request body with the webhook secret (a different secret).

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/**
 * Constant-time check of a hex signature against the expected one. Anything that is not exactly a
 * 64-digit hex string is simply false: a forged header must never throw past the caller.
 */
function sameSignature(expectedHex: string, given: unknown): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** What Razorpay's checkout returns as `razorpay_signature` for a successful payment. */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/**
 * `orderId` must be the order id stored on our side for this purchase, never the one the browser
 * sends back: the signature then proves Razorpay saw this payment for our order.
 */
export function verifyCheckoutSignature(
  orderId: string,
  paymentId: string,
  signature: unknown,
  keySecret: string,
): boolean {
  if (!keySecret || !orderId || !paymentId) return false;
  return sameSignature(checkoutSignature(orderId, paymentId, keySecret), signature);
}

/** The `X-Razorpay-Signature` Razorpay sends with a webhook body. */
export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

/**
 * `rawBody` must be the exact bytes received: JSON.stringify of the parsed body can differ (key order,
 * spacing, unicode escapes, number formatting) and then every genuine webhook would be refused.
 */
export function verifyWebhookSignature(
  rawBody: Buffer | string,
  signatureHeader: string | string[] | undefined,
  webhookSecret: string,
): boolean {
  if (!webhookSecret || Array.isArray(signatureHeader)) return false;
  return sameSignature(webhookSignature(rawBody, webhookSecret), signatureHeader);
}
