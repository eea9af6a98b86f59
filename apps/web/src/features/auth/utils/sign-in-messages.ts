import { ApiError } from '../../../lib/api-client';
import { IdentityError } from '../../../lib/identity';

// Two catalogues of the spec: the auth error banner (guest-side §5) and the header button (§8).

export const BANNER_MESSAGES = {
  cancelled: 'Sign-in was cancelled.',
  blocked: 'Pop-up was blocked. Please allow pop-ups for this site.',
  failed: 'Sign-in failed. Please try again.',
} as const;

export const BUTTON_MESSAGES = {
  cancelled: 'Sign-in cancelled. Please try again.',
  blocked: 'Pop-up blocked. Please allow pop-ups and try again.',
  network: 'Network error. Please check your connection.',
  tooMany: 'Too many attempts. Please wait and try again.',
  other: 'Authentication failed. Please try again.',
} as const;

export function bannerMessage(error: unknown): string {
  if (error instanceof IdentityError) {
    if (error.code === 'popup-closed') return BANNER_MESSAGES.cancelled;
    if (error.code === 'popup-blocked') return BANNER_MESSAGES.blocked;
  }
  return BANNER_MESSAGES.failed;
}

export function buttonMessage(error: unknown): string {
  if (error instanceof IdentityError) {
    switch (error.code) {
      case 'popup-closed':
        return BUTTON_MESSAGES.cancelled;
      case 'popup-blocked':
        return BUTTON_MESSAGES.blocked;
      case 'network':
        return BUTTON_MESSAGES.network;
      case 'too-many-requests':
        return BUTTON_MESSAGES.tooMany;
      default:
        return BUTTON_MESSAGES.other;
    }
  }
  if (error instanceof ApiError) {
    if (error.status === 0) return BUTTON_MESSAGES.network;
    if (error.status === 429) return BUTTON_MESSAGES.tooMany;
  }
  return BUTTON_MESSAGES.other;
}
