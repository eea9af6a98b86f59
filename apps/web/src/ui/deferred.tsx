import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders its children one step behind an urgent update: the update itself keeps the children as they were
 * (the previous element, so React skips that subtree), and React renders the new children afterwards as a
 * transition, in slices of a few milliseconds between which a tap is handled.
 *
 * Why: a query's answer reaches React through useSyncExternalStore, which React always renders at once, in one
 * task. For a section below the first screen (My Tickets' list of tickets) that task was the page's longest
 * after the data arrived; deferred, the answer's render is split and the first screen answers taps meanwhile
 * (decision 1116). Context changes still reach the children at once.
 */
export function Deferred({ children }: { children: ReactNode }) {
  return useDeferredValue(children);
}
