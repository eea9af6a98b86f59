import { getClientConfig } from './client-config';

// Razorpay's checkout.js (or the local emulator's copy, same API), shared by every payment the guest makes (a
// purchase, a waitlist offer, a transfer's fee). It is loaded only when one of those is about to start: the
// landing page carries no third-party script (docs/decisions/0407-checkout-script-lazy.md).

const PRODUCTION_SRC = 'https://checkout.razorpay.com/v1/checkout.js';
const EMULATOR_SRC = '/razorpay-emulator/checkout.js';

export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface CheckoutFailure {
  error?: { code?: string; description?: string; reason?: string; metadata?: Record<string, unknown> };
}

export interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  handler: (response: CheckoutSuccess) => void;
  modal?: { ondismiss?: () => void; escape?: boolean; confirm_close?: boolean };
}

export interface CheckoutInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', callback: (response: CheckoutFailure) => void): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

let loading: Promise<CheckoutConstructor> | null = null;

function injectScript(src: string): Promise<CheckoutConstructor> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new Error('The payment script loaded but defined no checkout'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('The payment script could not be loaded'));
    };
    document.head.appendChild(script);
  });
}

/** Loads the checkout script the server's payment mode asks for, once; a failed load may be tried again. */
export function loadCheckout(): Promise<CheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (!loading) {
    loading = getClientConfig()
      .then((config) => injectScript(config.payments === 'razorpay' ? PRODUCTION_SRC : EMULATOR_SRC))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
  }
  return loading;
}
