import { expect } from 'vitest';
import type { TestResponse } from './server';

// The original contract's own words for what a client reads (docs/contracts.md), asserted by name, so a
// client written against that contract finds every field it reads where it reads it.

/** Every field name is present on `value` (null allowed: the spec names the field, not its presence of data). */
export function expectFields(value: unknown, names: readonly string[], where: string): void {
  expect(value, where).toBeTypeOf('object');
  expect(value, where).not.toBeNull();
  const missing = names.filter((name) => !(name in (value as Record<string, unknown>)));
  expect(missing, `${where}: fields the spec names`).toEqual([]);
}

/** A 2xx answer with `success: true` (the envelope of docs/product.md#api). */
export function expectSuccess(response: TestResponse, where: string): void {
  expect(response.status, `${where}: ${response.text.slice(0, 300)}`).toBeLessThan(300);
  expect(response.body?.success, where).toBe(true);
}

/** An error envelope whose errorType (the "error type" older scanners read) is `code`. */
export function expectRefusal(response: TestResponse, status: number, code: string, where: string): void {
  expect(response.status, `${where}: ${response.text.slice(0, 300)}`).toBe(status);
  expect(response.body, where).toMatchObject({ success: false, code, errorType: code });
  expect(response.body.error, where).toBeTypeOf('string');
}

export const SPEC_TICKET_FIELDS = [
  'id',
  'ticketId',
  'eventName',
  'price',
  'status',
  'createdAt',
  'updatedAt',
  'entryTime',
  'usedAt',
  'scannedBy',
  'cancelledAt',
  'cancellationReason',
  'qrCode',
  'qrCodeImage',
  'user',
  'metadata',
] as const;

/** The staff view of a ticket, on top of the guest's. */
export const SPEC_ADMIN_TICKET_FIELDS = ['_id', ...SPEC_TICKET_FIELDS] as const;

export const SPEC_REFUND_FIELDS = [
  'id',
  'refundId',
  'originalAmount',
  'refundAmount',
  'processingFee',
  'status',
  'reason',
  'createdAt',
  'processedAt',
  'ticket',
  'statusHistory',
] as const;

export const SPEC_USER_FIELDS = ['_id', 'firebaseUID', 'email', 'name', 'role', 'createdAt'] as const;

export const SPEC_PAGINATION_FIELDS = ['current', 'total', 'count'] as const;

export const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;
