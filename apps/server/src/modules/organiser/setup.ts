import { adminClaim } from '@utsav/domain/admin-bootstrap';
import type { Identity } from '../../platform/auth/verifier';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/db/schema';
import { findCurrentEvent } from '../../stores/events';
import { findOrganiserRow } from '../../stores/organiser';
import { countAdmins } from '../../stores/users';

// GET /setup: how far the install is from selling, so the web app can lead a new organiser through the first
// run (docs/product.md#first-run): someone becomes the organiser (admin), fills in the profile, creates the
// event as a draft, checks its ticket types and publishes it.

export type EventStage = 'none' | 'draft' | 'published';

export interface SetupStatus {
  /** Someone on this install is admin. Until then the first run is open. */
  adminExists: boolean;
  /** The caller would be made admin by POST /auth/assign-admin now (false when signed out or already admin). */
  canBecomeOrganiser: boolean;
  /** How a first organiser is recognised here: the development sign-in's first caller, or ADMIN_EMAILS. */
  bootstrap: 'first-caller' | 'listed-email' | 'none';
  organiserProfile: boolean;
  event: EventStage;
  /** Everything above is done: an admin, a profile and a published event. */
  complete: boolean;
}

export async function setupStatus(
  ctx: AppContext,
  caller: UserRow | null,
  identity: Identity | null,
): Promise<SetupStatus> {
  const [admins, organiser, event] = await Promise.all([
    countAdmins(ctx.db),
    findOrganiserRow(ctx.db),
    findCurrentEvent(ctx.db),
  ]);
  const adminExists = admins > 0;
  const stage: EventStage = !event ? 'none' : event.published_at ? 'published' : 'draft';
  const { adminEmails, standIns } = ctx.config;
  const claim =
    caller && identity && caller.role !== 'admin'
      ? adminClaim({
          email: caller.email,
          emailVerified: identity.emailVerified && identity.email?.toLowerCase() === caller.email,
          adminEmails,
          devSignIn: standIns.devSignIn,
          adminsExist: adminExists,
        })
      : null;
  return {
    adminExists,
    canBecomeOrganiser: claim?.granted === true,
    bootstrap: adminEmails.length > 0 ? 'listed-email' : standIns.devSignIn ? 'first-caller' : 'none',
    organiserProfile: organiser !== undefined,
    event: stage,
    complete: adminExists && organiser !== undefined && stage === 'published',
  };
}
