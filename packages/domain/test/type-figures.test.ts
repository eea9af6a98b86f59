import { describe, expect, it } from 'vitest';
import { type TypeSales, typeFigures } from '../src/type-figures';

const sales = (over: Partial<TypeSales> & { id: string }): TypeSales => ({
  name: over.id,
  colour: '#C2410C',
  admits: 1,
  archived: false,
  tickets: 0,
  people: 0,
  revenue: 0,
  ...over,
});

describe('typeFigures', () => {
  it('puts what a type sold and earned beside its own capacity, what is left of it and the share sold', () => {
    const [couple] = typeFigures(
      [sales({ id: 'couple', admits: 2, tickets: 30, people: 60, revenue: 20_970 })],
      [{ id: 'couple', capacity: 40, held: 4 }],
    );
    expect(couple).toEqual({
      id: 'couple',
      name: 'couple',
      colour: '#C2410C',
      admits: 2,
      sold: 30,
      people: 60,
      revenue: 20_970,
      capacity: 40,
      left: 6,
      soldPercentage: 75,
    });
  });

  it('gives no capacity, left or share to a type that only shares the event people', () => {
    const [entry] = typeFigures(
      [sales({ id: 'entry', tickets: 12 })],
      [{ id: 'entry', capacity: null, held: 3 }],
    );
    expect([entry?.capacity, entry?.left, entry?.soldPercentage]).toEqual([null, null, null]);
  });

  it('never shows fewer than zero left when a capacity was lowered under what is sold and held', () => {
    const [vip] = typeFigures([sales({ id: 'vip', tickets: 10 })], [{ id: 'vip', capacity: 8, held: 1 }]);
    expect(vip?.left).toBe(0);
    expect(vip?.soldPercentage).toBe(125);
  });

  it('reads a type missing from the stock (created since) as having no capacity of its own', () => {
    const [late] = typeFigures([sales({ id: 'late', tickets: 1 })], []);
    expect(late?.capacity).toBeNull();
  });

  it('keeps the breakdown order and leaves out an archived type that sold nothing, not one that sold', () => {
    const rows = typeFigures(
      [
        sales({ id: 'b' }),
        sales({ id: 'old', archived: true }),
        sales({ id: 'a' }),
        sales({ id: 'sold-old', archived: true, tickets: 2 }),
      ],
      [],
    );
    expect(rows.map((row) => row.id)).toEqual(['b', 'a', 'sold-old']);
  });
});
