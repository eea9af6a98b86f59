import { randomUUID } from 'node:crypto';
import type { Event } from '@utsav/domain/api/event';
import { feeView } from '@utsav/domain/convenience-fee';
import { type EventInput, eventInputSchema } from '@utsav/domain/event-schema';
import type { Language } from '@utsav/domain/languages';
import { rupeesToPaise } from '@utsav/domain/pricing';
import { istDate } from '@utsav/domain/time';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import { lockFor } from '../../platform/db/locks';
import type { EventImagesTable, EventRow, UserRow } from '../../platform/db/schema';
import { AppError, fromZodError, validationError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { countInventory, countTaken, findCurrentEvent, insertEvent, lockEvent } from '../../stores/events';
import { deleteUnusedImages, findImage } from '../../stores/images';
import { findOrganiserRow } from '../../stores/organiser';
import { feeRuleOfRow, findTaxSettingsRow } from '../../stores/tax-settings';
import { anyoneWaiting } from '../../stores/waitlist-line';
import { askedQuestions } from '../checkout-questions/service';
import { forgetCurrentEvent } from './current-event';
import { readImageChange, resolveImage } from './image-change';
import { imagePreview } from './image-preview';
import { newQrKeyColumns } from './keys';
import { eventImageBase, toEventJson } from './presenter';
import { publicTicketTypes } from './public-ticket-types';
import { type EventPatch, updateEvent } from './repo';

// Creating and editing check-then-write "there is exactly one event"; this lock makes that atomic.
const EVENT_LOCK = 'event:single';

/**
 * GET /event: the current event, or null when there is none. A draft is shown only to those who may edit or
 * run it (`staff`); to everyone else it does not exist yet, so nothing about it leaks before it is announced.
 * With `imageAsDataUrl` (whoever may edit it) the picture is a data URL of its downscaled copy
 * (image-preview.ts), which PUT /event recognises and keeps; everyone else gets the picture's cacheable URL.
 */
export async function getCurrentEvent(
  ctx: AppContext,
  viewer: { staff: boolean; language?: Language; imageAsDataUrl?: boolean },
): Promise<Event | null> {
  const event = await findCurrentEvent(ctx.db);
  if (!event || (!event.published_at && !viewer.staff)) return null;
  const now = ctx.now();
  const inventory = await countInventory(ctx.db, event.id, now);
  // Asked only while seats remain: a sold-out event reads 0 available anyway.
  const lineWaiting =
    event.total_tickets > inventory.sold + inventory.held && (await anyoneWaiting(ctx.db, event.id));
  const json = toEventJson(event, inventory, eventImageBase(ctx.config), { lineWaiting });
  const language = viewer.language ?? 'en';
  const [ticketTypes, checkoutQuestions, taxSettings] = await Promise.all([
    publicTicketTypes(ctx.db, event.id, json.availableTickets, now, language),
    askedQuestions(ctx.db, event.id, language),
    findTaxSettingsRow(ctx.db),
  ]);
  const gstRegistered = taxSettings?.registered === 1;
  const fee = feeRuleOfRow(taxSettings);
  const convenienceFee = fee ? feeView(fee) : null;
  const shown = { ...json, ticketTypes, checkoutQuestions, gstRegistered, convenienceFee };
  if (!viewer.imageAsDataUrl || !event.image_id) return shown;
  const preview = await imagePreview(ctx, event.image_id);
  return { ...shown, ...(preview ? { eventImage: preview.dataUrl } : {}) };
}

export async function eventExists(ctx: AppContext): Promise<boolean> {
  return (await findCurrentEvent(ctx.db)) !== undefined;
}

/**
 * POST /admin/event/publish: the draft goes on sale. The organiser profile must exist first: the pages, the
 * emails and the tickets name the organiser and how to reach them. Publishing a published event changes nothing.
 */
export async function publishEvent(ctx: AppContext, caller: UserRow): Promise<Event> {
  const now = ctx.now();
  const event = await transaction(ctx.db, async (trx) => {
    await lockFor(trx, EVENT_LOCK);
    const current = await findCurrentEvent(trx);
    if (!current) throw new AppError('EVENT_NOT_FOUND', 'No event exists yet. Create it first.');
    if (current.published_at) return current;
    if (!(await findOrganiserRow(trx))) {
      throw new AppError(
        'ORGANISER_PROFILE_MISSING',
        'Fill in the organiser profile before publishing: guests, emails and tickets show who runs the event.',
      );
    }
    const published = await updateEvent(trx, current.id, {
      published_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await recordAudit(
      trx,
      { actorUserId: caller.id, action: 'event.published', entity: 'event', entityId: current.id },
      now,
    );
    return published!;
  });
  forgetCurrentEvent(ctx);
  return toEventJson(event, await countInventory(ctx.db, event.id, ctx.now()), eventImageBase(ctx.config));
}

export async function createEvent(ctx: AppContext, caller: UserRow, body: unknown): Promise<Event> {
  const now = ctx.now();
  const input = parseEventInput(body, now);
  const image = await readImageChange(ctx, input.eventImage, null);
  const event = await transaction(ctx.db, async (trx) => {
    await lockFor(trx, EVENT_LOCK);
    if (await findCurrentEvent(trx))
      throw new AppError('EVENT_EXISTS', 'An event already exists. Edit it instead.');
    const row: EventRow = {
      id: randomUUID(),
      ...toColumns(input),
      sales_open_at: input.salesOpenAt ?? null,
      image_id: await resolveImage(trx, image, null, now),
      reentry_allowed: input.reentryAllowed ? 1 : 0,
      published_at: input.published === false ? null : now.toISOString(),
      ...newQrKeyColumns(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    await insertEvent(trx, row);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'event.created',
        entity: 'event',
        entityId: row.id,
        data: { published: row.published_at !== null },
      },
      now,
    );
    return row;
  });
  forgetCurrentEvent(ctx);
  return toEventJson(event, await countInventory(ctx.db, event.id, ctx.now()), eventImageBase(ctx.config));
}

export async function editEvent(ctx: AppContext, caller: UserRow, body: unknown): Promise<Event> {
  const now = ctx.now();
  const input = parseEventInput(body, now);
  const image = await readImageChange(ctx, input.eventImage, (await findCurrentEvent(ctx.db))?.image_id);
  const event = await transaction(ctx.db, async (trx) => {
    await lockFor(trx, EVENT_LOCK);
    const current = await findCurrentEvent(trx);
    if (!current) throw new AppError('EVENT_NOT_FOUND', 'No event exists yet. Create it first.');
    // Same row lock as create-order: the invariant "sold + held <= total" must survive a lowered total.
    await lockEvent(trx, current.id);
    const taken = await countTaken(trx, current.id, now);
    if (input.totalTickets < taken) {
      throw validationError([
        {
          field: 'totalTickets',
          message: msg('Total tickets cannot be less than the {{count}} already sold or held', {
            count: taken,
          }),
        },
      ]);
    }
    const patch: EventPatch = {
      ...toColumns(input),
      // Absent keeps the opening time: a client that predates it must not clear it by saving the form.
      ...(input.salesOpenAt === undefined ? {} : { sales_open_at: input.salesOpenAt }),
      image_id: await resolveImage(trx, image, current.image_id, now),
      ...(input.reentryAllowed === undefined ? {} : { reentry_allowed: input.reentryAllowed ? 1 : 0 }),
      updated_at: now.toISOString(),
    };
    const updated = await updateEvent(trx, current.id, patch);
    await deleteUnusedImages(trx);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'event.updated',
        entity: 'event',
        entityId: current.id,
        data: changedFields(current, patch),
      },
      now,
    );
    return updated!;
  });
  forgetCurrentEvent(ctx);
  // A raised capacity gives seats to the waitlist first, at once (ctx.seatsReturned; nothing when nobody waits).
  await ctx.seatsReturned(event.id);
  return toEventJson(event, await countInventory(ctx.db, event.id, ctx.now()), eventImageBase(ctx.config));
}

export async function getEventImage(ctx: AppContext, id: string): Promise<EventImagesTable> {
  const image = await findImage(ctx.db, id);
  if (!image) throw new AppError('NOT_FOUND', 'Image not found');
  return image;
}

/** Parsed here, not in the route schema: "not in the past" depends on today's date in IST. */
function parseEventInput(body: unknown, now: Date): EventInput {
  const result = eventInputSchema(istDate(now)).safeParse(body ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

function toColumns(input: EventInput) {
  return {
    name: input.name,
    venue: input.venue,
    description: input.description,
    date: input.date,
    start_time: input.startTime,
    end_time: input.endTime,
    ticket_price_paise: rupeesToPaise(input.ticketPrice),
    group_price4_paise: rupeesToPaise(input.groupPrice4),
    total_tickets: input.totalTickets,
    features: JSON.stringify(input.features ?? []),
    about_text: input.aboutText?.trim() || null,
  };
}

function changedFields(before: EventRow, patch: EventPatch): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (key !== 'updated_at' && before[key as keyof EventRow] !== value) changes[key] = value;
  }
  return { changed: changes };
}
