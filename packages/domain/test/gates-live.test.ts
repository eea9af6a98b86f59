import { describe, expect, it } from 'vitest';
import { liveGatesResponseSchema, liveGatesSchema, liveTypeRows, type TypeEntries } from '../src/gates-live';

const view = {
  generatedAt: '2026-10-10T14:00:00.000Z',
  reentryAllowed: true,
  sold: 10,
  admitted: 4,
  arrivedPercentage: 40,
  inside: 3,
  gates: [{ gate: 'North', admitted: 4, lastMinute: 1, devices: 1, perMinute: [{ minute: 'x', count: 4 }] }],
  types: [
    {
      id: 't1',
      name: 'Couple pass',
      nameHi: null,
      nameGu: 'કપલ પાસ',
      colour: '#047857',
      admits: 2,
      sold: 3,
      admitted: 1,
      inside: 1,
      peopleAdmitted: 2,
      peopleSold: 6,
    },
  ],
  refusals: { already_used: 1, cancelled: 0, transferred: 0, invalid: 2 },
  devices: [{ deviceId: 'p1', gate: 'North', checker: null, lastSeenAt: 'y', online: true, queued: 0 }],
  conflicts: 0,
};

describe('the live gate view schema', () => {
  it('reads the view the server sends', () => {
    expect(liveGatesSchema.parse(view)).toEqual(view);
    expect(liveGatesResponseSchema.parse({ ...view, success: true }).success).toBe(true);
  });

  it('refuses a view that leaves out a refusal reason (the panel shows every reason)', () => {
    const { transferred: _left, ...refusals } = view.refusals;
    expect(liveGatesSchema.safeParse({ ...view, refusals }).success).toBe(false);
  });

  it('refuses a device without its queue count', () => {
    const { queued: _left, ...device } = view.devices[0] ?? { queued: 0 };
    expect(liveGatesSchema.safeParse({ ...view, devices: [device] }).success).toBe(false);
  });
});

describe('liveTypeRows', () => {
  const entries = (over: Partial<TypeEntries> & { id: string }): TypeEntries => ({
    name: over.id,
    nameHi: null,
    nameGu: null,
    colour: '#C2410C',
    admits: 1,
    archived: false,
    sold: 0,
    admitted: 0,
    inside: 0,
    ...over,
  });

  it('counts the people a type lets in as its tickets times what one admits', () => {
    const [couple] = liveTypeRows([entries({ id: 'couple', admits: 2, sold: 5, admitted: 3, inside: 2 })]);
    expect(couple).toEqual({
      id: 'couple',
      name: 'couple',
      nameHi: null,
      nameGu: null,
      colour: '#C2410C',
      admits: 2,
      sold: 5,
      admitted: 3,
      inside: 2,
      peopleAdmitted: 6,
      peopleSold: 10,
    });
  });

  it('keeps the order, every type on sale (sold or not) and an archived type only when it sold', () => {
    const rows = liveTypeRows([
      entries({ id: 'entry', sold: 4 }),
      entries({ id: 'unsold' }),
      entries({ id: 'gone', archived: true }),
      entries({ id: 'kept', archived: true, sold: 1 }),
    ]);
    expect(rows.map((row) => row.id)).toEqual(['entry', 'unsold', 'kept']);
  });
});
