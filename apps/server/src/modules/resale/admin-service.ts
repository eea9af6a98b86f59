import type { adminResalesResponseSchema } from '@utsav/domain/api/resale';
import { paiseToRupees, rupeesToPaise } from '@utsav/domain/pricing';
import type { ResaleSettingsInput } from '@utsav/domain/resale';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { findCurrentEvent } from '../../stores/events';
import { findAllListings, readResaleSettings, writeResaleSettings } from '../../stores/resale';
import { toListingJson } from './service';

// Staff's view of resale: every listing with its seller, buyer's ticket and refund, the sums, and the settings
// (the switch, the fee, the cut-off). Switching resale off stops new listings and new offers of listings;
// listings already held as someone's offer may still be paid for.

type AdminResales = Omit<z.infer<typeof adminResalesResponseSchema>, 'success'>;

const LIMIT = 1000;

export async function adminResales(ctx: AppContext): Promise<AdminResales> {
  const settings = await readResaleSettings(ctx.db);
  const view = {
    enabled: settings.enabled,
    fee: paiseToRupees(settings.feePaise),
    closeHoursBefore: settings.closeHoursBefore,
  };
  const event = await findCurrentEvent(ctx.db);
  if (!event) return { settings: view, listings: [], totals: { listed: 0, sold: 0, refunds: 0, fees: 0 } };
  const rows = await findAllListings(ctx.db, event.id, LIMIT);
  const now = ctx.now();
  const when = { event_date: event.date, event_start_time: event.start_time };
  const listings = rows.map((row) => ({
    ...toListingJson(row, when, settings, now),
    sellerName: row.seller_name,
    sellerEmail: row.seller_email,
    ticketType: row.type_name,
    buyerTicketId: row.buyer_ticket_id,
    refundStatus: row.refund_status,
  }));
  const sold = rows.filter((row) => row.status === 'sold');
  const live = listings.filter((row) => row.status === 'listed' || row.status === 'offered');
  return {
    settings: view,
    listings,
    totals: {
      listed: live.length,
      sold: sold.length,
      refunds: paiseToRupees(sold.reduce((sum, row) => sum + row.refund_paise, 0)),
      fees: paiseToRupees(sold.reduce((sum, row) => sum + row.fee_paise, 0)),
    },
  };
}

export async function saveResaleSettings(
  ctx: AppContext,
  caller: UserRow,
  input: ResaleSettingsInput,
): Promise<AdminResales['settings']> {
  const now = ctx.now();
  const settings = {
    enabled: input.enabled,
    feePaise: rupeesToPaise(input.fee),
    closeHoursBefore: input.closeHoursBefore,
  };
  if (!Number.isInteger(settings.feePaise))
    throw new AppError('VALIDATION_FAILED', msg('The fee must be in paise'));
  await transaction(ctx.db, async (trx) => {
    await writeResaleSettings(trx, settings, caller.id, now);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'resale.settings',
        entity: 'resale',
        entityId: 'resale',
        data: input,
      },
      now,
    );
  });
  return { enabled: settings.enabled, fee: input.fee, closeHoursBefore: settings.closeHoursBefore };
}
