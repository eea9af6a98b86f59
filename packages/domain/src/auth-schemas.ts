import { z } from 'zod';
import { LANGUAGES } from './languages';

// Payloads of the auth calls (guest-side §7).

export const googleSignInSchema = z.object({
  idToken: z
    .string({ error: 'idToken is required' })
    .min(20, 'idToken is required')
    .max(8192, 'idToken is too long'),
});

export const profileUpdateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name must be at most 100 characters')
      .optional(),
    displayName: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name must be at most 100 characters')
      .optional(),
    photoURL: z.url('Photo must be a valid URL').max(2048).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number')
      .optional(),
  })
  .strict();

/** PUT /auth/language: the language the person chose in the app (issue 12), for their emails and PDFs. */
export const languageUpdateSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Language must be one of: en, hi, gu' }),
});

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const devTokenRequestSchema = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, 'Please enter a valid email address').max(254),
  name: z.string().trim().min(1, 'Name is required').max(100),
});
