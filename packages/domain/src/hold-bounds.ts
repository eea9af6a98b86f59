// Holds are counted by counters the database keeps (sold, and held: every hold still `created`, including those
// whose time ran out but that nobody marked expired yet), so held is an upper bound of the live holds. Judging on
// it is exact while no limit is within reach; when one is, the server reads the exact live holds (one statement,
// in the same snapshot as sold) and judges again. This rule says when, for any bounded figure: the event's
// people, a type's capacity, a phase's quantity, a code's uses.

export interface BoundedFigure {
  /** The limit; null: none. */
  limit: number | null;
  /** Taken for good (active + used tickets, or people, or uses). */
  sold: number;
  /** Held by the counter: never fewer than the live holds. */
  heldAtMost: number;
}

/**
 * True when the live holds could change the answer for `asked` more: the figure is not full by sales alone, and
 * the upper bound of holds reaches the limit. Once sales alone fill it (an early-bird phase sold out), the holds
 * no longer matter, so a sold-out phase does not make every later hold read the exact figures.
 */
export function exactHoldsMatter(figure: BoundedFigure, asked: number): boolean {
  if (figure.limit === null || asked <= 0) return false;
  return figure.sold < figure.limit && figure.sold + figure.heldAtMost + asked > figure.limit;
}
