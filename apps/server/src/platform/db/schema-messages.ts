import type { MessageAudience } from '@utsav/domain/guest-messages';

// Messages from the organiser to guests (migration 0041; rules in @utsav/domain/guest-messages).

export interface GuestMessagesTable {
  id: string;
  event_id: string | null;
  subject: string;
  body: string;
  subject_hi: string | null;
  body_hi: string | null;
  subject_gu: string | null;
  body_gu: string | null;
  audience: MessageAudience;
  /** JSON array of ticket type ids; [] means every type. */
  ticket_type_ids: string;
  /** 0 or 1: sent only to the admin who asked. */
  test: number;
  sent_by: string | null;
  recipients: number;
  created_at: string;
}

/** One per person a message went to (the primary key), naming the outbox row of their mail. */
export interface GuestMessageMailsTable {
  message_id: string;
  user_id: string;
  outbox_id: string;
}
