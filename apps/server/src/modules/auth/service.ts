import { randomUUID } from 'node:crypto';
import { type AdminClaim, adminClaim, isListedAdmin } from '@utsav/domain/admin-bootstrap';
import type { profileUpdateSchema } from '@utsav/domain/auth-schemas';
import type { Role } from '@utsav/domain/roles';
import { roleAtSignIn } from '@utsav/domain/staff-invitations';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/repo';
import type { Identity } from '../../platform/auth/verifier';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import { lockFor } from '../../platform/db/locks';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import {
  countAdmins,
  findUserByEmail,
  findUserByFirebaseUid,
  findUserById,
  insertUserIfAbsent,
  type UserPatch,
  updateUser,
} from '../../stores/users';
import { acceptInvitationAtSignIn } from '../invitations/service';
import { ADMIN_ROLES_LOCK } from '../users/service';
import { acceptedProfilePhoto } from './profile-photo';

export interface SignInResult {
  user: UserRow;
  isNewUser: boolean;
}

/**
 * Exchanges a verified ID token for our user row: the known subject, else a row pre-created for the
 * same verified email (manual issuance, demo accounts) which is linked now, else a new guest. A row already
 * linked to another subject is never moved to this one because the email matches (docs/decisions/0102-link-by-verified-email.md): that
 * would hand someone's tickets and role to whoever else can present the same address.
 */
export async function signIn(ctx: AppContext, idToken: string): Promise<SignInResult> {
  const identity = await ctx.verifier.verify(idToken);
  const email = identity.email;
  if (!email) throw new AppError('BAD_REQUEST', 'Your sign-in account has no email address.');
  const now = ctx.now();
  const stamp = now.toISOString();
  return transaction(ctx.db, async (trx) => {
    const known = await findUserByFirebaseUid(trx, identity.uid);
    if (known) return { user: await refreshKnownUser(ctx, trx, known, identity, now), isNewUser: false };
    // Linking by email trusts the address, so only an address the identity provider has verified.
    if (!identity.emailVerified)
      throw new AppError('FORBIDDEN', 'Please verify your email address before signing in.');
    const listed = isListedAdmin(email, identity.emailVerified, ctx.config.adminEmails);
    const byEmail = await findUserByEmail(trx, email);
    if (byEmail) {
      if (byEmail.deleted_at) throw new AppError('FORBIDDEN', 'This account has been deleted.');
      if (byEmail.firebase_uid !== null) throw linkedElsewhere();
      const role = roleAtSignIn({ stored: byEmail.role, listed, invited: null });
      await updateUser(trx, byEmail.id, linkPatch(byEmail, identity, role, stamp));
      await recordAudit(
        trx,
        { actorUserId: byEmail.id, action: 'user.linked', entity: 'user', entityId: byEmail.id },
        now,
      );
      return { user: await withInvitedRole(trx, byEmail.id, listed, now), isNewUser: true };
    }
    const id = randomUUID();
    const inserted = await insertUserIfAbsent(trx, {
      id,
      firebase_uid: identity.uid,
      email,
      name: identity.name?.trim() || email.split('@')[0]!,
      photo_url: identity.picture,
      phone: null,
      role: roleAtSignIn({ stored: null, listed, invited: null }),
      created_at: stamp,
      updated_at: stamp,
      last_login_at: stamp,
    });
    // Two tabs signing in the same new person at once: the other request created the row.
    if (!inserted) return { user: await existingAfterRace(trx, identity), isNewUser: false };
    await recordAudit(trx, { actorUserId: id, action: 'user.created', entity: 'user', entityId: id }, now);
    return { user: await withInvitedRole(trx, id, listed, now), isNewUser: true };
  });
}

/**
 * A first sign-in's last step: an open staff invitation for the (verified) address is accepted and its role
 * applied, never lowering one the person has (domain roleAtSignIn).
 */
async function withInvitedRole(trx: Db, userId: string, listed: boolean, now: Date): Promise<UserRow> {
  const user = (await findUserById(trx, userId))!;
  const invited = await acceptInvitationAtSignIn(trx, user, now);
  const role = roleAtSignIn({ stored: user.role, listed, invited });
  if (role === user.role) return user;
  return (await updateUser(trx, user.id, { role, updated_at: now.toISOString() }))!;
}

// The stored name is kept on later sign-ins so a name set through PUT /auth/profile sticks; the photo follows
// the identity provider. A verified ADMIN_EMAILS address is admin at every sign-in: the list is the
// organiser's own, and an address added to it (with a restart) must not need anything else.
async function refreshKnownUser(
  ctx: AppContext,
  trx: Db,
  user: UserRow,
  identity: Identity,
  now: Date,
): Promise<UserRow> {
  if (user.deleted_at) throw new AppError('FORBIDDEN', 'This account has been deleted.');
  const stamp = now.toISOString();
  const listed =
    identity.email === user.email &&
    isListedAdmin(user.email, identity.emailVerified, ctx.config.adminEmails);
  const role = roleAtSignIn({ stored: user.role, listed, invited: null });
  const patch: UserPatch = {
    last_login_at: stamp,
    updated_at: stamp,
    photo_url: identity.picture ?? user.photo_url,
    ...(role === user.role ? {} : { role }),
  };
  const updated = (await updateUser(trx, user.id, patch))!;
  if (role !== user.role) {
    await recordAudit(
      trx,
      {
        actorUserId: user.id,
        action: 'user.admin_assigned',
        entity: 'user',
        entityId: user.id,
        data: { listed: true, via: 'listed', from: user.role },
      },
      now,
    );
  }
  return updated;
}

function linkPatch(user: UserRow, identity: Identity, role: Role, stamp: string): UserPatch {
  return {
    firebase_uid: identity.uid,
    name: identity.name?.trim() || user.name,
    photo_url: identity.picture ?? user.photo_url,
    role,
    last_login_at: stamp,
    updated_at: stamp,
  };
}

async function existingAfterRace(trx: Db, identity: Identity): Promise<UserRow> {
  const user = await findUserByFirebaseUid(trx, identity.uid);
  if (!user)
    throw new AppError('CONFLICT', 'An account with this email already exists. Please try signing in again.');
  return user;
}

function linkedElsewhere(): AppError {
  return new AppError(
    'ACCOUNT_LINKED_ELSEWHERE',
    'This email address already belongs to an account that signs in another way. Sign in as you did before, or ask the organiser for help.',
  );
}

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export async function updateProfile(ctx: AppContext, user: UserRow, update: ProfileUpdate): Promise<UserRow> {
  const patch: UserPatch = { updated_at: ctx.now().toISOString() };
  const name = update.name ?? update.displayName;
  if (name !== undefined) patch.name = name;
  if (update.photoURL !== undefined)
    patch.photo_url = acceptedProfilePhoto(ctx.config, update.photoURL, user.photo_url);
  if (update.phone !== undefined) patch.phone = update.phone;
  return (await updateUser(ctx.db, user.id, patch))!;
}

/**
 * POST /auth/assign-admin: a verified ADMIN_EMAILS address, or (empty list, development sign-in only) the
 * first caller of an install without an admin; else 403 (domain adminClaim).
 */
export async function assignAdmin(ctx: AppContext, caller: UserRow, identity: Identity): Promise<UserRow> {
  if (caller.role === 'admin') return caller;
  const now = ctx.now();
  return transaction(ctx.db, async (trx) => {
    // Serialises bootstrap claims: of two first callers at once, one sees the other's admin.
    await lockFor(trx, ADMIN_ROLES_LOCK);
    const claim = adminClaim({
      email: caller.email,
      // The row's email is the one the subject signed in with; the token says whether it is verified now.
      emailVerified: identity.emailVerified && identity.email?.toLowerCase() === caller.email,
      adminEmails: ctx.config.adminEmails,
      devSignIn: ctx.config.standIns.devSignIn,
      adminsExist: (await countAdmins(trx)) > 0,
    });
    if (!claim.granted) throw new AppError('FORBIDDEN', REFUSALS[claim.reason]);
    const user = await updateUser(trx, caller.id, { role: 'admin', updated_at: now.toISOString() });
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'user.admin_assigned',
        entity: 'user',
        entityId: caller.id,
        data: { listed: claim.via === 'listed', via: claim.via },
      },
      now,
    );
    return user!;
  });
}

const REFUSALS: Record<Extract<AdminClaim, { granted: false }>['reason'], string> = {
  unverified: 'Please verify your email address first.',
  'not-listed':
    'Your address is not on this site’s list of administrators. Ask an administrator to change your role.',
  'admin-exists': 'An administrator already exists. Ask an administrator to change your role.',
  'no-bootstrap': 'This site has no list of administrators. Ask an administrator to change your role.',
};
