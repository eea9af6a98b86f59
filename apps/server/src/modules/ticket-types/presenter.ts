import type { AdminTicketType } from '@utsav/domain/api/ticket-types';
import { paiseToRupees } from '@utsav/domain/pricing';
import type { StoredType } from '../../stores/ticket-types';
import type { TypeSales } from './repo';

// A type as the Ticket Types editor reads it: its settings in rupees and instants, and what it has sold.

export interface TypeFigures {
  sales: TypeSales | undefined;
  /** Tickets sold per phase (sales_counters) and held now per type and phase (exact live holds). */
  phaseSold: ReadonlyMap<string, number>;
  heldByType: ReadonlyMap<string, number>;
  heldByPhase: ReadonlyMap<string, number>;
}

export function toAdminTicketType(type: StoredType, figures: TypeFigures): AdminTicketType {
  return {
    id: type.id,
    name: type.name,
    nameHi: type.nameHi,
    nameGu: type.nameGu,
    description: type.description,
    price: paiseToRupees(type.pricePaise),
    groupPrice4: type.groupPrice4Paise === null ? null : paiseToRupees(type.groupPrice4Paise),
    admits: type.admits,
    capacity: type.capacity,
    perPersonLimit: type.perPersonLimit,
    salesStart: type.salesStart,
    salesEnd: type.salesEnd,
    colour: type.colour,
    hidden: type.hidden,
    paused: type.paused,
    archived: type.archived,
    isDefault: type.isDefault,
    position: type.position,
    phases: type.phases.map((phase) => ({
      id: phase.id,
      label: phase.label,
      price: paiseToRupees(phase.pricePaise),
      endsAt: phase.endsAt,
      quantity: phase.quantity,
      sold: figures.phaseSold.get(phase.id) ?? 0,
      held: figures.heldByPhase.get(phase.id) ?? 0,
    })),
    sold: figures.sales?.sold ?? 0,
    held: figures.heldByType.get(type.id) ?? 0,
    people: figures.sales?.people ?? 0,
    revenue: paiseToRupees(figures.sales?.revenuePaise ?? 0),
  };
}
