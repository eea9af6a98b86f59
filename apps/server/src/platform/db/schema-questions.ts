import type { QuestionKind } from '@utsav/domain/checkout-questions';

// The organiser's checkout questions (migration 0042; rules in @utsav/domain/checkout-questions). Flags as 0/1,
// lists as JSON text, instants as ISO text.

export interface CheckoutQuestionsTable {
  id: string;
  event_id: string;
  /** 0-based: the order the purchase dialog asks them in. */
  position: number;
  kind: QuestionKind;
  label: string;
  label_hi: string | null;
  label_gu: string | null;
  /** JSON array of a choice's options; null for every other kind. */
  options: string | null;
  required: number;
  per_ticket: number;
  /** JSON array; null: asked in every order. */
  ticket_type_ids: string | null;
  updated_by: string | null;
  updated_at: string;
}

export type CheckoutQuestionRow = CheckoutQuestionsTable;
