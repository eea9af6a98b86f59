import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { IdentityError } from '../../../lib/identity';

// Two catalogues of the product (docs/product.md#sign-in): the auth error banner and the header button.

// The texts live in locales/<language>/auth.json (English verbatim from docs/product.md); these are their keys, and
// the functions answer in the current language.
const BANNER_MESSAGES = {
  cancelled: 'auth.banner.cancelled',
  blocked: 'auth.banner.blocked',
  failed: 'auth.banner.failed',
} as const;

const BUTTON_MESSAGES = {
  cancelled: 'auth.button.cancelled',
  blocked: 'auth.button.blocked',
  network: 'auth.button.network',
  tooMany: 'auth.button.tooMany',
  other: 'auth.button.other',
} as const;

export function bannerMessage(error: unknown): string {
  return i18n.t(bannerKey(error));
}

function bannerKey(error: unknown): string {
  if (error instanceof IdentityError) {
    if (error.code === 'popup-closed') return BANNER_MESSAGES.cancelled;
    if (error.code === 'popup-blocked') return BANNER_MESSAGES.blocked;
  }
  return BANNER_MESSAGES.failed;
}

export function buttonMessage(error: unknown): string {
  return i18n.t(buttonKey(error));
}

function buttonKey(error: unknown): string {
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
