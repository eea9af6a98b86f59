import { describe, expect, it } from 'vitest';
import { isProviderPhotoUrl } from '../src/photo-url';

describe('profile photo URLs', () => {
  it.each([
    'https://lh3.googleusercontent.com/a/ACg8ocJ=s96-c',
    'https://lh6.googleusercontent.com/-abc/photo.jpg',
  ])('a Google account photo is accepted: %s', (url) => {
    expect(isProviderPhotoUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'http://lh3.googleusercontent.com/a/x',
    'https://tracker.example.com/pixel.gif?user=1',
    'https://lh3.googleusercontent.com.evil.example/a.png',
    'https://evil.example/lh3.googleusercontent.com/a.png',
    'https://user:pass@lh3.googleusercontent.com/a.png',
    'https://lh3.googleusercontent.com:8443/a.png',
    'not a url',
  ])('anything else is refused: %s', (url) => {
    expect(isProviderPhotoUrl(url)).toBe(false);
  });

  it("the development identity provider's own origin is accepted only when given", () => {
    const url = 'http://localhost:8080/dev-identity/avatar.png';
    expect(isProviderPhotoUrl(url)).toBe(false);
    expect(isProviderPhotoUrl(url, ['http://localhost:8080'])).toBe(true);
    expect(isProviderPhotoUrl('http://localhost:9999/a.png', ['http://localhost:8080'])).toBe(false);
  });
});
