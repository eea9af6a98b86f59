import { ROLES } from '@utsav/domain/roles';
import { z } from 'zod';
import type { UserRow } from '../../platform/db/schema';

// The user as older clients read it: MongoDB-era aliases (_id, displayName, profilePicture) kept.
export const userJsonSchema = z.object({
  _id: z.string(),
  id: z.string(),
  firebaseUID: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  profilePicture: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});

export type UserJson = z.infer<typeof userJsonSchema>;

export function toUserJson(user: UserRow): UserJson {
  return {
    _id: user.id,
    id: user.id,
    firebaseUID: user.firebase_uid,
    email: user.email,
    name: user.name,
    displayName: user.name,
    photoURL: user.photo_url,
    profilePicture: user.photo_url,
    phone: user.phone,
    role: user.role,
    createdAt: user.created_at,
    lastLogin: user.last_login_at,
  };
}
