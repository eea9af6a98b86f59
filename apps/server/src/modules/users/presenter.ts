import type { User } from '@utsav/domain/api/users';
import type { UserRow } from '../../platform/db/schema';

// The user as older clients read it: MongoDB-era aliases (_id, displayName, profilePicture) kept.
export function toUserJson(user: UserRow): User {
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
