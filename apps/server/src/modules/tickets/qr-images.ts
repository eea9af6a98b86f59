import type { AppContext } from '../../platform/context';
import { makeQrDataUrls, qrDataUrl } from '../../platform/documents/qr-data-url';
import type { TicketView } from '../../stores/tickets';

// qrCodeImage, kept (migration 0009): the reads that show tickets (My Tickets, a ticket, the admin lists) call
// this, so an image is made at most once per token for the whole installation: the next read, on any instance
// or after a restart, gets it with the ticket's own row. Other answers (verify-payment, the gate) make it from
// the per-process cache without storing it.

/** The views, each with its image; those that had none are stored now. */
export async function withQrImages(ctx: AppContext, views: TicketView[]): Promise<TicketView[]> {
  const tokens = views.filter((view) => view.qr_image === null).map((view) => view.qr_token);
  // A page of 100 new tickets is 100-200 ms of encoding: made a few at a time, between other requests.
  await makeQrDataUrls(tokens);
  const missing = new Map<string, string>();
  for (const token of tokens) if (!missing.has(token)) missing.set(token, qrDataUrl(token));
  if (missing.size === 0) return views;
  const createdAt = ctx.now().toISOString();
  try {
    await ctx.db
      .insertInto('ticket_qr_images')
      .values([...missing].map(([token, image]) => ({ token, image, created_at: createdAt })))
      // Two readers storing the same image at once: the first one wins, the picture is identical.
      .onConflict((conflict) => conflict.column('token').doNothing())
      .execute();
  } catch (error) {
    // Only a cache: the answer has its images either way, the next read tries again.
    ctx.log.warn({ err: error }, 'storing QR images failed');
  }
  return views.map((view) =>
    view.qr_image === null ? { ...view, qr_image: missing.get(view.qr_token)! } : view,
  );
}
