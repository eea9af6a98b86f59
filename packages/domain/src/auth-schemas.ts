import { z } from 'zod';
import { LANGUAGES } from './languages';
import { lazySchema } from './lazy-schema';
import { hasVisibleCharacter } from './names';

// Payloads of the auth calls (docs/product.md#sign-in).

export const googleSignInSchema = lazySchema(() =>
  z.object({
    idToken: z
      .string({ error: 'idToken is required' })
      .min(20, 'idToken is required')
      .max(8192, 'idToken is too long'),
  }),
);

/**
 * Keys of the user as the API answers it that PUT /auth/profile never changes. A client may send the user back
 * as it read it (`{ name, email }`), so these are accepted and ignored; any other unknown key is still refused.
 */
export const PROFILE_READ_ONLY_KEYS = [
  'email',
  'role',
  '_id',
  'id',
  'uid',
  'firebaseUID',
  'emailVerified',
  'createdAt',
  'lastLogin',
] as const;

function readOnlyProfileKeys() {
  return Object.fromEntries(PROFILE_READ_ONLY_KEYS.map((key) => [key, z.unknown().optional()])) as Record<
    (typeof PROFILE_READ_ONLY_KEYS)[number],
    z.ZodOptional<z.ZodUnknown>
  >;
}

// Empty is refused by min(1) already, with the same message: one issue per field.
const visibleOrEmpty = (name: string) => name === '' || hasVisibleCharacter(name);

export const profileUpdateSchema = lazySchema(() =>
  z
    .object({
      name: z
        .string()
        .trim()
        .min(1, 'Name is required')
        .max(100, 'Name must be at most 100 characters')
        .refine(visibleOrEmpty, 'Name is required')
        .optional(),
      displayName: z
        .string()
        .trim()
        .min(1, 'Name is required')
        .max(100, 'Name must be at most 100 characters')
        .refine(visibleOrEmpty, 'Name is required')
        .optional(),
      photoURL: z.url('Photo must be a valid URL').max(2048).optional(),
      phone: z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number')
        .optional(),
      ...readOnlyProfileKeys(),
    })
    .strict(),
);

/** PUT /auth/language: the language the person chose in the app, for their emails and PDFs. */
export const languageUpdateSchema = lazySchema(() =>
  z.object({
    language: z.enum(LANGUAGES, { error: 'Language must be one of: en, hi, gu' }),
  }),
);

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const devTokenRequestSchema = lazySchema(() =>
  z.object({
    email: z.string().trim().regex(EMAIL_PATTERN, 'Please enter a valid email address').max(254),
    name: z.string().trim().min(1, 'Name is required').max(100).refine(visibleOrEmpty, 'Name is required'),
  }),
);
