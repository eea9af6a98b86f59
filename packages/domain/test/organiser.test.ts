import { describe, expect, it } from 'vitest';
import {
  isHttpsUrl,
  isPhoneNumber,
  legalNameOf,
  ORGANISER_MESSAGES,
  organiserInputSchema,
  socialLinksShown,
} from '../src/organiser';

const minimal = { name: 'Navratri Nights', supportEmail: 'help@navratri.example' };

function issues(body: unknown): Record<string, string> {
  const result = organiserInputSchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('organiserInputSchema', () => {
  it('needs only a name and a support address; blank optional fields are not set (null)', () => {
    expect(
      organiserInputSchema.parse({
        ...minimal,
        tagline: '  ',
        supportPhone: '',
        address: '',
        legalName: null,
      }),
    ).toEqual({
      name: 'Navratri Nights',
      supportEmail: 'help@navratri.example',
      tagline: null,
      supportPhone: null,
      supportHours: null,
      socialLinks: {},
      legalName: null,
      address: null,
    });
  });

  it('says which field is wrong, in the product’s words', () => {
    expect(
      issues({ name: ' ', supportEmail: 'nope', supportPhone: '12', socialLinks: { x: 'http://x.com/a' } }),
    ).toEqual({
      name: ORGANISER_MESSAGES.name,
      supportEmail: ORGANISER_MESSAGES.supportEmail,
      supportPhone: ORGANISER_MESSAGES.supportPhone,
      'socialLinks.x': ORGANISER_MESSAGES.socialLink,
    });
  });

  it('refuses text beyond each field’s length, with the limit as a template', () => {
    expect(issues({ ...minimal, tagline: 'x'.repeat(161) })).toEqual({ tagline: ORGANISER_MESSAGES.tooLong });
    expect(issues({ ...minimal, address: 'x'.repeat(501) })).toEqual({ address: ORGANISER_MESSAGES.tooLong });
  });

  it('keeps only the social links that are set; unknown networks are refused', () => {
    const parsed = organiserInputSchema.parse({
      ...minimal,
      socialLinks: { instagram: 'https://instagram.com/navratri', facebook: '', youtube: null },
    });
    expect(parsed.socialLinks).toEqual({ instagram: 'https://instagram.com/navratri' });
    expect(
      organiserInputSchema.safeParse({ ...minimal, socialLinks: { myspace: 'https://a.b' } }).success,
    ).toBe(false);
  });

  it('takes a logo as a picture, as our own stored URL, or empty to remove it; nothing else', () => {
    for (const logo of ['data:image/png;base64,iVBORw0KGgo=', '/api/event/image/abc', '', null]) {
      expect(organiserInputSchema.safeParse({ ...minimal, logo }).success).toBe(true);
    }
    for (const logo of [
      'https://evil.example/logo.png',
      'javascript:alert(1)',
      'data:text/html;base64,PGI+',
    ]) {
      expect(issues({ ...minimal, logo })).toEqual({ logo: ORGANISER_MESSAGES.logo });
    }
  });
});

describe('isHttpsUrl', () => {
  it('accepts https addresses with a host', () => {
    expect(isHttpsUrl('https://www.instagram.com/navratri')).toBe(true);
    expect(isHttpsUrl('https://wa.me/919820012345')).toBe(true);
  });

  it('refuses other schemes, hosts without a dot and addresses with credentials', () => {
    for (const url of [
      'http://instagram.com',
      'javascript:alert(1)',
      'https://localhost',
      'https://a:b@x.com',
      '#',
    ]) {
      expect(isHttpsUrl(url)).toBe(false);
    }
  });
});

describe('isPhoneNumber', () => {
  it('takes 7 to 15 digits written the ways people write them', () => {
    expect(isPhoneNumber('+91 98200 12345')).toBe(true);
    expect(isPhoneNumber('(022) 2345-6789')).toBe(true);
    expect(isPhoneNumber('123456')).toBe(false);
    expect(isPhoneNumber('+1234567890123456')).toBe(false);
    expect(isPhoneNumber('call me')).toBe(false);
  });
});

describe('socialLinksShown', () => {
  it('lists the links that are set in one fixed order, and drops one that is not https', () => {
    expect(
      socialLinksShown({
        website: 'https://navratri.example',
        instagram: 'https://instagram.com/n',
        facebook: 'http://facebook.com/n',
      }),
    ).toEqual([
      { network: 'instagram', url: 'https://instagram.com/n' },
      { network: 'website', url: 'https://navratri.example' },
    ]);
  });
});

describe('legalNameOf', () => {
  it('is the legal name when given, else the name guests know', () => {
    expect(legalNameOf({ name: 'Navratri Nights', legalName: 'NN Events LLP' })).toBe('NN Events LLP');
    expect(legalNameOf({ name: 'Navratri Nights', legalName: null })).toBe('Navratri Nights');
  });
});
