// /payment-success says "Payment Successful!" only after a payment this browser tab saw verified
// (docs/product.md#payment-success). The order id goes into the navigation state and into this tab's sessionStorage: a
// bookmark, a shared link or another person in the same browser has the first without the second; a
// reload of the real page keeps both.

const STORAGE_KEY = 'utsav.verified-payment';

export function rememberVerifiedPayment(orderId: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, orderId);
  } catch {
    // Storage refused (private mode quotas): the page then sends the guest to the dashboard instead.
  }
}

export function isVerifiedPayment(orderId: unknown): boolean {
  if (typeof orderId !== 'string' || !orderId) return false;
  try {
    return sessionStorage.getItem(STORAGE_KEY) === orderId;
  } catch {
    return false;
  }
}

export function forgetVerifiedPayment(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
