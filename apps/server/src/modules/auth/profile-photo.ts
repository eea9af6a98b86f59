import { isProviderPhotoUrl, PHOTO_URL_MESSAGE } from '@utsav/domain/photo-url';
import type { Config } from '../../platform/config';
import { validationError } from '../../platform/errors';

// PUT /auth/profile's photoURL is shown to staff (users list, header): only the identity provider's photo
// hosts are kept (see @utsav/domain/photo-url), so nobody can plant a `javascript:` link or a tracker there.
// The same hosts are all the page's CSP img-src allows for photos (platform/security.ts).

/** In development the identity provider is this server itself, so its own origin may serve photos too. */
export function profilePhotoOrigins(config: Pick<Config, 'authMode' | 'publicUrl'>): string[] {
  return config.authMode === 'dev' ? [new URL(config.publicUrl).origin] : [];
}

/**
 * The photo URL to store, or a 400 on the field. The photo already stored (from the ID token at sign-in) is
 * accepted as it is, so a client sending the user back as it read it is never refused for it.
 */
export function acceptedProfilePhoto(
  config: Pick<Config, 'authMode' | 'publicUrl'>,
  url: string,
  current: string | null,
): string {
  if (url !== current && !isProviderPhotoUrl(url, profilePhotoOrigins(config))) {
    throw validationError([{ field: 'photoURL', message: PHOTO_URL_MESSAGE }]);
  }
  return url;
}
