// Profile photos. A photo URL is shown to staff in the users list and the header, so it must not be
// a `javascript:` link or a tracker: only https images from the identity provider's own photo hosts are kept,
// plus, in development, the development identity provider (which runs on the app's own origin). The same list
// is what the page's CSP img-src allows for photos.

/** Where Google (and so Firebase's Google sign-in) serves account photos. */
export const PROVIDER_PHOTO_HOSTS = [
  'lh3.googleusercontent.com',
  'lh4.googleusercontent.com',
  'lh5.googleusercontent.com',
  'lh6.googleusercontent.com',
] as const;

export const PHOTO_URL_MESSAGE = 'The photo must be an https image from your Google account';

/**
 * True for an https URL on one of the provider's photo hosts, or any URL on one of `ownOrigins` (the
 * development identity provider's origin, in development only). No credentials in it, no other scheme.
 */
export function isProviderPhotoUrl(value: string, ownOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (ownOrigins.includes(url.origin)) return true;
  return (
    url.protocol === 'https:' &&
    (PROVIDER_PHOTO_HOSTS as readonly string[]).includes(url.hostname) &&
    url.port === ''
  );
}
