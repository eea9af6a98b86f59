import { EMAIL_PATTERN } from '@utsav/domain/auth-schemas';
import type { GuestUser } from '../api/get-guest-users';
import { type IssueManualInput, MANUAL_MESSAGES } from '../api/issue-manual-tickets';
import type { RecipientMode } from './recipient-picker';

// The manual issuance form's state and its checks (docs/product.md#manual-issuance). Messages are the shared English
// sentences (MANUAL_MESSAGES); the form shows them through the catalog (useIssuanceMessage).

export interface FormState {
  mode: RecipientMode;
  search: string;
  selected: GuestUser | null;
  newName: string;
  newEmail: string;
  quantityText: string;
  useNames: boolean;
  names: string[];
  paymentDone: boolean;
  notes: string;
  /** null: the event's default type. */
  ticketTypeId: string | null;
  free: boolean;
}

export const EMPTY_FORM: FormState = {
  mode: 'existing',
  search: '',
  selected: null,
  newName: '',
  newEmail: '',
  quantityText: '1',
  useNames: false,
  names: [],
  paymentDone: false,
  notes: '',
  ticketTypeId: null,
  free: false,
};

/** 0..quantity-1: a ticket's position is its identity in the names list. */
export function ticketPositions(quantity: number): number[] {
  return Array.from({ length: quantity }, (_, index) => index);
}

export function parseQuantity(text: string): number | null {
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;
}

export interface Validation {
  recipient: string | undefined;
  name: string | undefined;
  email: string | undefined;
  quantity: string | undefined;
  ok: boolean;
}

/** The rules of manual issuance (docs/product.md#manual-issuance), in the order a person meets them. */
export function validate(form: FormState): Validation {
  const quantity = parseQuantity(form.quantityText) === null ? MANUAL_MESSAGES.quantity : undefined;
  if (form.mode === 'existing') {
    const recipient = form.selected ? undefined : MANUAL_MESSAGES.noRecipient;
    return { recipient, name: undefined, email: undefined, quantity, ok: !recipient && !quantity };
  }
  const name = form.newName.trim();
  const email = form.newEmail.trim();
  const bothEmpty = !name && !email;
  const recipient = bothEmpty
    ? MANUAL_MESSAGES.noRecipient
    : !name || !email
      ? MANUAL_MESSAGES.newUserFields
      : undefined;
  const emailError = email && !EMAIL_PATTERN.test(email) ? MANUAL_MESSAGES.email : undefined;
  return {
    recipient,
    name: !bothEmpty && !name ? MANUAL_MESSAGES.newUserFields : undefined,
    email: emailError ?? (!bothEmpty && !email ? MANUAL_MESSAGES.newUserFields : undefined),
    quantity,
    ok: !recipient && !emailError && !quantity,
  };
}

export function toPayload(form: FormState, quantity: number): IssueManualInput {
  const common = {
    quantity,
    paymentDone: form.paymentDone,
    notes: form.notes.trim(),
    free: form.free,
    ...(form.ticketTypeId === null ? {} : { ticketTypeId: form.ticketTypeId }),
    ticketNames: form.useNames && quantity > 1 ? form.names.slice(0, quantity) : [],
  };
  return form.mode === 'existing' && form.selected
    ? { userId: form.selected.id, ...common }
    : { userName: form.newName.trim(), userEmail: form.newEmail.trim(), ...common };
}
