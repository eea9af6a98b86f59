import type { PricedLine } from './order-lines';
import {
  type CodeRefusal,
  type CodeUses,
  codeAppliesTo,
  codeReveals,
  codeStanding,
  discountPerTicket,
  type PromoCodeRule,
  usesLeft,
} from './promo-codes';
import type { TicketTypeRule } from './ticket-types';

// A code applied to an order's priced lines (order-lines.ts). It touches only the lines of the types it names,
// one use per ticket it applies to, at most the uses it has left: the tickets of hidden types it reveals take
// theirs first (without one they cannot be sold at all), then the other lines of its types in order; tickets
// beyond the uses left keep their price, so a single-use 100% code discounts one ticket, never a whole order.

export interface GivenCode {
  /** The code's row, or undefined when no code of the event has that text. */
  rule: PromoCodeRule | undefined;
  /** Its uses (tickets sold + held) by everyone and by this person, read with the hold's other figures. */
  uses: CodeUses;
}

export interface CodeOutcome {
  /** Why the code does not apply; null when it does. */
  refusal: CodeRefusal | null;
  /** The code's minQuantity, for the 'min-quantity' refusal's sentence. */
  minQuantity: number | null;
  /** Tickets the code applies to in this order: the uses it takes. */
  uses: number;
  /** Tickets of its types left at their price because the code had no more uses. */
  partial: boolean;
  /** The hidden types the code reveals (an access code's answer lists them). */
  revealed: string[];
}

/** Hidden types the given code reveals at `now` (none when it cannot be used). */
export function revealedTypes(
  code: GivenCode | null,
  types: ReadonlyMap<string, TicketTypeRule>,
  now: Date,
): Set<string> {
  if (!code?.rule || codeStanding(code.rule, now, code.uses) !== null) return new Set();
  const rule = code.rule;
  return new Set([...types.values()].filter((type) => codeReveals(rule, type)).map((type) => type.id));
}

export function applyCode(
  lines: PricedLine[],
  types: ReadonlyMap<string, TicketTypeRule>,
  code: GivenCode | null,
  now: Date,
): { lines: PricedLine[]; outcome: CodeOutcome | null } {
  if (!code) return { lines, outcome: null };
  const { rule } = code;
  const refuse = (refusal: CodeRefusal) => ({
    lines,
    outcome: { refusal, minQuantity: rule?.minQuantity ?? null, uses: 0, partial: false, revealed: [] },
  });
  const standing = codeStanding(rule, now, code.uses);
  if (standing !== null || !rule) return refuse(standing ?? 'unknown');
  const revealed = [...revealedTypes(code, types, now)];
  const typeOf = (line: PricedLine) => types.get(line.ticketTypeId)!;
  // An access code's uses are the hidden tickets it sold; a discount code's, every ticket of its types.
  const eligible = (line: PricedLine) =>
    rule.kind === 'unlock' ? typeOf(line).hidden : codeAppliesTo(rule, typeOf(line));
  const eligibleTickets = lines.filter(eligible).reduce((sum, line) => sum + line.quantity, 0);
  if (rule.kind !== 'unlock' && eligibleTickets === 0) return refuse('not-for-these');
  if (rule.minQuantity !== null && eligibleTickets > 0 && eligibleTickets < rule.minQuantity)
    return refuse('min-quantity');
  let left = usesLeft(rule, code.uses);
  const hiddenTickets = lines
    .filter((line) => typeOf(line).hidden)
    .reduce((sum, line) => sum + line.quantity, 0);
  if (hiddenTickets > left) return refuse('used-up');

  // Uses per line: hidden types' lines first, then the others of the code's types in order.
  const granted = new Map<number, number>();
  const order = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => eligible(line))
    .sort((a, b) => Number(typeOf(b.line).hidden) - Number(typeOf(a.line).hidden) || a.index - b.index);
  for (const { line, index } of order) {
    const take = Math.min(line.quantity, left);
    granted.set(index, take);
    left -= take;
  }
  const out: PricedLine[] = [];
  let used = 0;
  for (const [index, line] of lines.entries()) {
    const take = granted.get(index) ?? 0;
    used += take;
    if (take === 0) {
      out.push(line);
      continue;
    }
    const discounted = {
      ...line,
      quantity: take,
      discountPerTicketPaise: discountPerTicket(rule, line.unitPricePaise),
      codeUses: take,
    };
    out.push(discounted);
    if (take < line.quantity) out.push({ ...line, quantity: line.quantity - take });
  }
  return {
    lines: out,
    outcome: {
      refusal: null,
      minQuantity: rule.minQuantity,
      uses: used,
      partial: used < eligibleTickets,
      revealed,
    },
  };
}
