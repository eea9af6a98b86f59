/** A required string field of an outbox row's payload; a row without it cannot be handled (and is retried). */
export function stringField(payload: Record<string, unknown>, name: string): string {
  const value = payload[name];
  if (typeof value !== 'string' || value === '') throw new Error(`outbox payload lacks "${name}"`);
  return value;
}

/** A number field of an outbox payload; throws (the row is retried, then kept as failed) when it is missing. */
export function numberField(payload: Record<string, unknown>, name: string): number {
  const value = payload[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`outbox payload lacks "${name}"`);
  return value;
}
