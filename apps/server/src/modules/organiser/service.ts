import { type Organiser, organiserInputSchema } from '@utsav/domain/organiser';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { OrganiserTable, UserRow } from '../../platform/db/schema';
import { fromZodError } from '../../platform/errors';
import { deleteUnusedImages } from '../../stores/images';
import { findOrganiserRow, ORGANISER_ROW_ID, saveOrganiserRow } from '../../stores/organiser';
import { imageUrl } from '../event/image';
import { readImageChange, resolveImage } from '../event/image-change';
import { eventImageBase } from '../event/presenter';
import { toOrganiser } from './presenter';

// The organiser profile (docs/product.md#organiser): one row, written whole by an admin, read by every page,
// email, PDF, wallet pass and calendar invite that names the organiser. Other modules read it through
// ctx.organiser() (composed in app.ts), so none of them depends on this module.

/** Every instance's copy is at most this old; this instance's own saves are seen at once. */
const ORGANISER_TTL_MS = 1000;

interface Cached {
  value: Organiser | null;
  readAt: number;
}

const caches = new WeakMap<AppContext, { current?: Cached; generation: number }>();

function cacheOf(ctx: AppContext) {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = { generation: 0 };
    caches.set(ctx, cache);
  }
  return cache;
}

function logoUrlFor(ctx: AppContext): (imageId: string) => string {
  const base = eventImageBase(ctx.config);
  return (imageId) => `${base}${imageUrl(imageId)}`;
}

/**
 * The organiser as guests see them, or null before the profile is filled in. Read on every GET /event, so
 * kept for a second per instance (a save on another instance shows within that second).
 */
export async function currentOrganiser(ctx: AppContext): Promise<Organiser | null> {
  const cache = cacheOf(ctx);
  const age = cache.current ? performance.now() - cache.current.readAt : Number.POSITIVE_INFINITY;
  if (cache.current && age >= 0 && age < ORGANISER_TTL_MS) return cache.current.value;
  const generation = cache.generation;
  const readAt = performance.now();
  const row = await findOrganiserRow(ctx.db);
  const value = row ? toOrganiser(row, logoUrlFor(ctx)) : null;
  // A save that happened while this read was in flight must not be hidden behind the older answer.
  if (generation === cache.generation) cache.current = { value, readAt };
  return value;
}

export interface OrganiserProfile {
  organiser: Organiser | null;
  updatedAt: string | null;
}

/** GET /admin/organiser: the profile as stored (staff), null before it is first saved. */
export async function organiserProfile(ctx: AppContext): Promise<OrganiserProfile> {
  const row = await findOrganiserRow(ctx.db);
  return {
    organiser: row ? toOrganiser(row, logoUrlFor(ctx)) : null,
    updatedAt: row?.updated_at ?? null,
  };
}

/** PUT /admin/organiser: the whole profile, validated field by field; the logo as a new picture or kept. */
export async function saveOrganiser(
  ctx: AppContext,
  caller: UserRow,
  body: unknown,
): Promise<OrganiserProfile> {
  const parsed = organiserInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  const now = ctx.now();
  const logo = await readImageChange(ctx, input.logo, null, 'logo');
  await transaction(ctx.db, async (trx) => {
    const current = await findOrganiserRow(trx);
    const row: OrganiserTable = {
      id: ORGANISER_ROW_ID,
      name: input.name,
      tagline: input.tagline,
      support_email: input.supportEmail,
      support_phone: input.supportPhone,
      support_hours: input.supportHours,
      social_links: JSON.stringify(input.socialLinks),
      logo_image_id: await resolveImage(trx, logo, current?.logo_image_id ?? null, now, 'logo'),
      legal_name: input.legalName,
      address: input.address,
      updated_by: caller.id,
      updated_at: now.toISOString(),
    };
    await saveOrganiserRow(trx, row);
    if (current?.logo_image_id && current.logo_image_id !== row.logo_image_id) await deleteUnusedImages(trx);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: current ? 'organiser.updated' : 'organiser.created',
        entity: 'organiser',
        entityId: ORGANISER_ROW_ID,
        data: { changed: changedColumns(current, row) },
      },
      now,
    );
  });
  const cache = cacheOf(ctx);
  cache.generation += 1;
  cache.current = undefined;
  return organiserProfile(ctx);
}

function changedColumns(before: OrganiserTable | undefined, after: OrganiserTable): string[] {
  return (Object.keys(after) as Array<keyof OrganiserTable>).filter(
    (key) => key !== 'updated_at' && key !== 'updated_by' && before?.[key] !== after[key],
  );
}
