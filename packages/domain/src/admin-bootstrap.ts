// Who may become admin by themselves (docs/decisions/0110-who-becomes-admin.md). Everyone else is given a role by an
// admin. The server decides with this at sign-in and in POST /auth/assign-admin.

export interface AdminClaimInput {
  email: string;
  /** The identity provider vouches for the address (the ID token's email_verified). */
  emailVerified: boolean;
  /** ADMIN_EMAILS, lowercased. */
  adminEmails: readonly string[];
  /** Sign-in is the development identity provider (a local run), not Firebase. */
  devSignIn: boolean;
  adminsExist: boolean;
}

export type AdminClaim =
  | { granted: true; via: 'listed' | 'bootstrap' }
  | { granted: false; reason: 'unverified' | 'not-listed' | 'admin-exists' | 'no-bootstrap' };

/** A verified address on ADMIN_EMAILS: admin at its first sign-in. */
export function isListedAdmin(
  email: string,
  emailVerified: boolean,
  adminEmails: readonly string[],
): boolean {
  return emailVerified && adminEmails.includes(email.trim().toLowerCase());
}

/**
 * With ADMIN_EMAILS set, only its verified addresses ever become admin. The first-caller bootstrap (the first
 * person to ask on an install without an admin) exists only with an empty list AND the development sign-in:
 * on a real deployment it would hand admin to whichever stranger finds the fresh site first.
 */
export function adminClaim(input: AdminClaimInput): AdminClaim {
  if (input.adminEmails.length > 0) {
    if (!input.emailVerified) return { granted: false, reason: 'unverified' };
    return isListedAdmin(input.email, true, input.adminEmails)
      ? { granted: true, via: 'listed' }
      : { granted: false, reason: 'not-listed' };
  }
  if (!input.devSignIn) return { granted: false, reason: 'no-bootstrap' };
  if (input.adminsExist) return { granted: false, reason: 'admin-exists' };
  return { granted: true, via: 'bootstrap' };
}
