import type { Page } from 'playwright-core';
import type { Api } from './api';
import type { PrivateApp } from './suite';

// What the resale suites share: the event sold out at once, and the words of a screen as a guest reads them.

/** "₹1,299", as the screens write rupees. */
export const rupees = (value: number): string => `₹${value.toLocaleString('en-IN')}`;

/** The text of a part of the page with its white space folded. */
export async function words(selector: ReturnType<Page['locator']>): Promise<string> {
  return ((await selector.textContent()) ?? '').replace(/\s+/g, ' ');
}

/** Capacity = what is sold and held now: the event is sold out. */
export async function soldOut(product: PrivateApp, api: Api): Promise<void> {
  const event = await api.currentEvent();
  await product.app.ctx.db
    .updateTable('events')
    .set({ total_tickets: (event.totalTickets as number) - (event.availableTickets as number) })
    .where('id', '=', event.id)
    .execute();
}
