import { randomBytes } from 'node:crypto';
import { quote } from '@utsav/domain/pricing';

// The product's HTTP API for a suite's own setup: the calls a guest's browser makes, without the browser,
// so a test starts from real tickets bought the real way and spends its browser time on what it is about.

export interface ApiUser {
  token: string;
  email: string;
  name: string;
}

export interface EventJson {
  id: string;
  name: string;
  ticketPrice: number;
  groupPrice4: number | null;
  [key: string]: unknown;
}

export interface Api {
  /** One JSON request; anything but a 2xx throws with the method, path, status and body. */
  call<T>(method: string, pathname: string, token?: string, body?: unknown): Promise<T>;
  /** A development ID token exchanged with the server, as the account chooser and the app do it. */
  signIn(email: string, name: string): Promise<ApiUser>;
  currentEvent(): Promise<EventJson>;
  /**
   * create-order, the emulator's checkout, verify-payment: exactly what a guest's browser does for one ticket;
   * `answers` as the purchase dialog sends them when the organiser asks questions.
   */
  buyTicket<T>(
    buyer: ApiUser,
    answers?: { questionId: string; value: string; ticketIndex?: number }[],
  ): Promise<T>;
  /** create-order with `items` (ticket types), the emulator's checkout, verify: an order of types, paid. */
  buyItems<T>(
    buyer: ApiUser,
    items: { ticketTypeId: string; quantity: number }[],
    amount: number,
  ): Promise<T[]>;
  /** POST /tickets/{id}/transfer, the emulator's checkout for the fee, verify: a transfer paid as the dialog pays it. */
  transferTicket(owner: ApiUser, ticketId: string, recipient: { name: string; email: string }): Promise<void>;
}

/** The API of the product at `baseUrl()`, read on every call: suites learn their server's address in beforeAll. */
export function apiAt(baseUrl: () => string): Api {
  async function call<T>(method: string, pathname: string, token?: string, body?: unknown): Promise<T> {
    let response: Response;
    // A 503 with Retry-After is the server shedding load before doing any work (the browser test machine is
    // busy); the web client waits and retries those, and so does the setup here.
    for (let attempt = 1; ; attempt++) {
      response = await fetch(`${baseUrl()}${pathname}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status !== 503 || !retryAfter || attempt >= 5) break;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 * attempt));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} -> ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async function signIn(email: string, name: string): Promise<ApiUser> {
    const { idToken } = await call<{ idToken: string }>('POST', '/dev-auth/token', undefined, {
      email,
      name,
    });
    await call('POST', '/api/auth/google-signin', undefined, { idToken });
    return { token: idToken, email, name };
  }

  async function currentEvent(): Promise<EventJson> {
    return (await call<{ data: EventJson }>('GET', '/api/event')).data;
  }

  async function buyTicket<T>(
    buyer: ApiUser,
    answers?: { questionId: string; value: string; ticketIndex?: number }[],
  ): Promise<T> {
    const event = await currentEvent();
    const priced = quote(event, 1);
    const order = await call<{ orderId: string }>('POST', '/api/tickets/create-order', buyer.token, {
      quantity: 1,
      amount: priced.total,
      eventId: event.id,
      eventName: event.name,
      pricePerTicket: priced.pricePerTicket,
      pricingTier: priced.pricingTier,
      ...(answers ? { answers } : {}),
    });
    const checkout = await call<Record<string, string>>('POST', '/razorpay-emulator/_test/pay', undefined, {
      order_id: order.orderId,
    });
    const verified = await call<{ tickets: T[] }>('POST', '/api/tickets/verify-payment', buyer.token, {
      ...checkout,
      quantity: 1,
    });
    const [ticket] = verified.tickets;
    if (!ticket) throw new Error('verify-payment returned no ticket');
    return ticket;
  }

  async function buyItems<T>(
    buyer: ApiUser,
    items: { ticketTypeId: string; quantity: number }[],
    amount: number,
  ): Promise<T[]> {
    const event = await currentEvent();
    const order = await call<{ orderId: string }>('POST', '/api/tickets/create-order', buyer.token, {
      eventId: event.id,
      amount,
      items,
    });
    const checkout = await call<Record<string, string>>('POST', '/razorpay-emulator/_test/pay', undefined, {
      order_id: order.orderId,
    });
    return (await call<{ tickets: T[] }>('POST', '/api/tickets/verify-payment', buyer.token, checkout))
      .tickets;
  }

  async function transferTicket(
    owner: ApiUser,
    ticketId: string,
    recipient: { name: string; email: string },
  ): Promise<void> {
    const order = await call<{ orderId: string }>('POST', `/api/tickets/${ticketId}/transfer`, owner.token, {
      recipientEmail: recipient.email,
      recipientName: recipient.name,
    });
    const checkout = await call<Record<string, string>>('POST', '/razorpay-emulator/_test/pay', undefined, {
      order_id: order.orderId,
    });
    await call('POST', '/api/tickets/transfer/verify-payment', owner.token, checkout);
  }

  return { call, signIn, currentEvent, buyTicket, buyItems, transferTicket };
}

/**
 * `local.<random>@example.test`: a person no earlier attempt of the test used. CI runs a failed browser test again
 * in the same suite, on the same database, where the first attempt's tickets, holds and allowances still are.
 */
export function newEmail(local: string): string {
  return `${local}.${randomBytes(3).toString('hex')}@example.test`;
}
