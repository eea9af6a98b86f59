import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { lazySchema } from '../lazy-schema';
import { ROLES } from '../roles';

// What the server sends for a person's account. Shapes only: see tickets.ts.

export const userSchema = lazySchema(() =>
  z.object({
    /** The id under its older name, for clients written against it. */
    _id: z.string(),
    id: z.string(),
    /** The identity provider's id of the person; null for an account not yet signed in with it. */
    firebaseUID: z.string().nullable(),
    email: z.string(),
    name: z.string(),
    /** `name` and `photoURL` under their older names. */
    displayName: z.string(),
    photoURL: z.string().nullable(),
    profilePicture: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.enum(ROLES),
    createdAt: z.string(),
    lastLogin: z.string().nullable(),
  }),
);

export type User = z.infer<typeof userSchema>;

/** GET /auth/me, GET and PUT /auth/profile, POST /auth/assign-admin: the caller's account. */
export const userResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    user: userSchema,
  }),
);

export type UserResponse = z.infer<typeof userResponseSchema>;

/** POST /auth/google-signin: the account of the identity token, made on the first sign-in. */
export const signInResponseSchema = lazySchema(() => userResponseSchema.extend({ isNewUser: z.boolean() }));

export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** PUT /auth/language: the language saved for the person's emails and documents. */
export const languageResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    language: z.enum(LANGUAGES),
  }),
);

/** GET /admin/users: one page of accounts. */
export const userPageResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    users: z.array(userSchema),
    pagination: z.object({
      current: z.number(),
      total: z.number(),
      count: z.number(),
      totalUsers: z.number(),
    }),
  }),
);

export type UserPage = z.infer<typeof userPageResponseSchema>;

/** GET /admin/users/count. */
export const userCountResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    count: z.number(),
  }),
);
