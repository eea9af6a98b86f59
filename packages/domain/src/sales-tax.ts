import { type GstRates, taxLine } from './gst';

// Gross, tax and net revenue per ticket type for analytics (docs/decisions/1403-credit-notes-and-fees.md). The
// revenue is the sales breakdown's (./sales-breakdown: sold tickets whose money was received, at the price paid);
// its tax is what ./gst takes out of it for the organiser's current settings, one line per type, price and
// admits, as a document would. Issued documents keep the figures they were issued with and round per order, so
// the sum of the documents may differ from this by a paisa per order, and by more only when the settings
// changed after a sale: the export is for filing, this is for reading the night at a glance. Fees belong to no
// type and stay in the dashboard's revenue.

/** Paid tickets of one type at one price, as the server sums them. */
export interface PricedSales {
  typeId: string | null;
  pricePaise: number;
  admits: number;
  paidTickets: number;
}

export interface RevenueSplit {
  grossPaise: number;
  taxPaise: number;
  netPaise: number;
}

export const NO_REVENUE: RevenueSplit = { grossPaise: 0, taxPaise: 0, netPaise: 0 };

export function revenueSplit(group: PricedSales, rates: GstRates, sacCode = ''): RevenueSplit {
  if (group.paidTickets <= 0) return NO_REVENUE;
  const line = taxLine(
    {
      description: '',
      sacCode,
      quantity: group.paidTickets,
      amountPaise: group.pricePaise * group.paidTickets,
      admits: Math.max(1, group.admits),
      kind: 'admission',
    },
    rates,
  );
  const taxPaise = line.cgstPaise + line.sgstPaise + line.igstPaise;
  return { grossPaise: line.totalPaise, taxPaise, netPaise: line.totalPaise - taxPaise };
}

function plus(a: RevenueSplit, b: RevenueSplit): RevenueSplit {
  return {
    grossPaise: a.grossPaise + b.grossPaise,
    taxPaise: a.taxPaise + b.taxPaise,
    netPaise: a.netPaise + b.netPaise,
  };
}

/** Per type, and in total: gross (what buyers paid), tax in it, net (what is the organiser's). */
export function revenueSplitByType(
  groups: Iterable<PricedSales>,
  rates: GstRates,
): { byType: Map<string | null, RevenueSplit>; totals: RevenueSplit } {
  const byType = new Map<string | null, RevenueSplit>();
  let totals = NO_REVENUE;
  for (const group of groups) {
    const split = revenueSplit(group, rates);
    byType.set(group.typeId, plus(byType.get(group.typeId) ?? NO_REVENUE, split));
    totals = plus(totals, split);
  }
  return { byType, totals };
}
