import type { Role } from '@utsav/domain/roles';

// Row types as the repositories see them. Timestamps are ISO-8601 UTC strings on both engines
// (the PostgreSQL pool parses timestamptz back into ISO text), money is integer paise.

export interface UsersTable {
  id: string;
  firebase_uid: string | null;
  email: string;
  name: string;
  photo_url: string | null;
  phone: string | null;
  role: Role;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  deleted_at: string | null;
}

export interface EventsTable {
  id: string;
  name: string;
  venue: string;
  description: string;
  /** IST calendar date, YYYY-MM-DD. */
  date: string;
  start_time: string;
  end_time: string;
  ticket_price_paise: number;
  group_price4_paise: number | null;
  total_tickets: number;
  image_id: string | null;
  /** JSON array of strings. */
  features: string;
  about_text: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventImagesTable {
  /** sha256 of the bytes: the same picture uploaded twice is stored once. */
  id: string;
  content_type: string;
  bytes: Buffer;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  /** JSON object. */
  data: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  events: EventsTable;
  event_images: EventImagesTable;
  audit_log: AuditLogTable;
}

export type UserRow = UsersTable;
export type EventRow = EventsTable;
