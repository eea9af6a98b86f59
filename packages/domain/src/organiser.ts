import { z } from 'zod';
import { IMAGE_DATA_URL_PATTERN } from './event-schema';
import { lazySchema } from './lazy-schema';
import { isHttpsUrl, SOCIAL_NETWORKS, type SocialLinks } from './organiser-shown';

export {
  isHttpsUrl,
  legalNameOf,
  SOCIAL_NETWORKS,
  type SocialLinks,
  type SocialNetwork,
  socialLinksShown,
} from './organiser-shown';

// The organiser profile (docs/product.md#organiser): who runs the night, how guests reach them, and the legal
// name and address their documents carry. The admin panel's form and PUT /admin/organiser run this same
// schema, so a message under a field is exactly what the server answers for it.

export const ORGANISER_LIMITS = {
  name: 120,
  tagline: 160,
  email: 254,
  hours: 120,
  url: 300,
  legalName: 200,
  address: 500,
} as const;

export const ORGANISER_MESSAGES = {
  name: 'Organiser name is required',
  supportEmail: 'Please enter a valid support email address',
  supportPhone: 'Please enter a valid phone number',
  socialLink: 'Links must be full https:// addresses',
  logo: 'Invalid image format. Please upload a valid image file.',
  /** A template: whoever shows it fills {{max}} from the refusal's limit. */
  tooLong: 'Must be at most {{max}} characters',
} as const;

/** 7 to 15 digits (E.164's limit), with an optional leading + and the spaces, brackets and dashes people write. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[0-9 ()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** Optional text: trimmed, and blank means "not set" (null), so a cleared field clears the value. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, ORGANISER_MESSAGES.tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

const socialLink = lazySchema(() =>
  z
    .string({ error: ORGANISER_MESSAGES.socialLink })
    .trim()
    .max(ORGANISER_LIMITS.url, ORGANISER_MESSAGES.tooLong)
    .refine((value) => value === '' || isHttpsUrl(value), ORGANISER_MESSAGES.socialLink)
    .nullish(),
);

/** A stored picture is referenced by its URL when the profile is saved again without a new one. */
function isLogoReference(value: string): boolean {
  return (
    IMAGE_DATA_URL_PATTERN.test(value) || /^(https?:\/\/[^/\s]+)?\/api\/event\/image\/[\w.-]+$/.test(value)
  );
}

export const organiserInputSchema = lazySchema(() =>
  z
    .object({
      name: z
        .string({ error: ORGANISER_MESSAGES.name })
        .trim()
        .min(1, ORGANISER_MESSAGES.name)
        .max(ORGANISER_LIMITS.name, ORGANISER_MESSAGES.tooLong),
      tagline: optionalText(ORGANISER_LIMITS.tagline),
      supportEmail: z
        .string({ error: ORGANISER_MESSAGES.supportEmail })
        .trim()
        .toLowerCase()
        .max(ORGANISER_LIMITS.email, ORGANISER_MESSAGES.supportEmail)
        .pipe(z.email(ORGANISER_MESSAGES.supportEmail)),
      supportPhone: z
        .string()
        .trim()
        .refine((value) => value === '' || isPhoneNumber(value), ORGANISER_MESSAGES.supportPhone)
        .nullish()
        .transform((value) => (value ? value : null)),
      supportHours: optionalText(ORGANISER_LIMITS.hours),
      socialLinks: z
        .object(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialLink])))
        .strict()
        .optional()
        .transform((links) => keptLinks(links as Record<string, string | null | undefined> | undefined)),
      /** A data URL (a new picture), our own image URL (keep it), '' or null (remove); absent keeps the current one. */
      logo: z
        .string({ error: ORGANISER_MESSAGES.logo })
        .max(7_100_000, ORGANISER_MESSAGES.logo)
        .refine((value) => value === '' || isLogoReference(value), ORGANISER_MESSAGES.logo)
        .nullish(),
      legalName: optionalText(ORGANISER_LIMITS.legalName),
      address: optionalText(ORGANISER_LIMITS.address),
    })
    .strict(),
);

export type OrganiserInput = z.infer<typeof organiserInputSchema>;

function keptLinks(links: Record<string, string | null | undefined> | undefined): SocialLinks {
  const kept: SocialLinks = {};
  for (const network of SOCIAL_NETWORKS) {
    const value = links?.[network];
    if (value) kept[network] = value;
  }
  return kept;
}

/** The organiser as every page, email and document shows them (GET /event's `organiser`, GET /admin/organiser). */
export const organiserSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    tagline: z.string().nullable(),
    supportEmail: z.string(),
    supportPhone: z.string().nullable(),
    supportHours: z.string().nullable(),
    socialLinks: z.object({
      instagram: z.string().optional(),
      facebook: z.string().optional(),
      youtube: z.string().optional(),
      x: z.string().optional(),
      whatsapp: z.string().optional(),
      website: z.string().optional(),
    }) satisfies z.ZodType<SocialLinks>,
    /** The logo's URL, or null. */
    logo: z.string().nullable(),
    legalName: z.string().nullable(),
    address: z.string().nullable(),
  }),
);

export type Organiser = z.infer<typeof organiserSchema>;
