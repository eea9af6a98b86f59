import { soldPercentage } from './analytics';

// The dashboard's figures per ticket type: what each type sold and earned (the sales breakdown, counted from the
// tickets as the analytics tables and the export count them) beside its own capacity (the type's settings, with
// the tickets its live holds keep). Two answers joined here so the dashboard and the analytics cannot disagree on
// what a type sold: sold and revenue come only from the breakdown.

/** One type's row of GET /admin/analytics/sales-breakdown (rupees). */
export interface TypeSales {
  id: string;
  name: string;
  colour: string;
  admits: number;
  archived: boolean;
  tickets: number;
  people: number;
  revenue: number;
}

/** What GET /admin/ticket-types says of a type's stock: its own capacity (tickets; null: only the event's). */
export interface TypeStock {
  id: string;
  capacity: number | null;
  held: number;
}

export interface TypeFigure {
  id: string;
  name: string;
  colour: string;
  admits: number;
  /** Tickets sold (active + used) and the people they admit. */
  sold: number;
  people: number;
  revenue: number;
  /** The type's own capacity in tickets; null when it only shares the event's people. */
  capacity: number | null;
  /** Tickets of its capacity neither sold nor held now; null without a capacity. */
  left: number | null;
  /** Sold as a percentage of its capacity, one decimal; null without a capacity. */
  soldPercentage: number | null;
}

/** The rows in the breakdown's order (the organiser's); an archived type that sold nothing is left out. */
export function typeFigures(sales: readonly TypeSales[], stock: readonly TypeStock[]): TypeFigure[] {
  const stockOf = new Map(stock.map((type) => [type.id, type]));
  return sales
    .filter((type) => !type.archived || type.tickets > 0)
    .map((type) => {
      const own = stockOf.get(type.id);
      const capacity = own?.capacity ?? null;
      return {
        id: type.id,
        name: type.name,
        colour: type.colour,
        admits: type.admits,
        sold: type.tickets,
        people: type.people,
        revenue: type.revenue,
        capacity,
        left: capacity === null ? null : Math.max(0, capacity - type.tickets - (own?.held ?? 0)),
        soldPercentage: capacity === null ? null : soldPercentage(type.tickets, capacity),
      };
    });
}
