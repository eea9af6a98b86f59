import type { SalesBreakdownAnswer } from '@utsav/domain/api/analytics';
import type { Language } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import { NO_SALES, type SoldFigures, salesBreakdown } from '@utsav/domain/sales-breakdown';
import { NO_REVENUE, type RevenueSplit, revenueSplitByType } from '@utsav/domain/sales-tax';
import { gstRatesOf } from '@utsav/domain/tax-settings-schema';
import { typeName } from '@utsav/domain/ticket-types';
import type { AppContext } from '../../platform/context';
import { findCurrentEvent } from '../../stores/events';
import { findEventTypes } from '../../stores/ticket-types';
import { currentTaxSettings } from '../tax-documents/settings';
import { codeOrders, eventCodes, paidPriceGroups, soldGroups } from './sales-breakdown-repo';

// GET /admin/analytics/sales-breakdown (docs/product.md#analytics): what each ticket type, price phase and promo code
// sold, counted from the tickets by @utsav/domain/sales-breakdown's rule, so it agrees with the export row for row;
// each type's revenue split into gross, GST and net by @utsav/domain/sales-tax under the current tax settings.

const figures = (sold: SoldFigures = NO_SALES) => ({
  tickets: sold.tickets,
  people: sold.people,
  revenue: paiseToRupees(sold.revenuePaise),
});

const split = (revenue: RevenueSplit = NO_REVENUE) => ({
  gross: paiseToRupees(revenue.grossPaise),
  tax: paiseToRupees(revenue.taxPaise),
  net: paiseToRupees(revenue.netPaise),
});

/** Type names in the reader's language (the organiser's Hindi or Gujarati name when given), as GET /event names them. */
export async function salesBreakdownOf(
  ctx: AppContext,
  language: Language = 'en',
): Promise<SalesBreakdownAnswer> {
  const event = await findCurrentEvent(ctx.db);
  if (!event) {
    return { types: [], phases: [], codes: [], totals: { ...figures(), discount: 0, ...split() } };
  }
  const [types, codes, groups, orders, paid, settings] = await Promise.all([
    findEventTypes(ctx.db, event.id),
    eventCodes(ctx.db, event.id),
    soldGroups(ctx.db, event.id),
    codeOrders(ctx.db, event.id),
    paidPriceGroups(ctx.db, event.id),
    currentTaxSettings(ctx.db),
  ]);
  const breakdown = salesBreakdown(groups);
  const revenue = revenueSplitByType(paid, gstRatesOf(settings));
  const unphased = breakdown.byPhase.get(null);
  return {
    types: types.map((type) => ({
      id: type.id,
      name: typeName(type, language),
      colour: type.colour,
      admits: type.admits,
      hidden: type.hidden,
      archived: type.archived,
      ...figures(breakdown.byType.get(type.id)),
      ...split(revenue.byType.get(type.id)),
    })),
    phases: [
      ...types.flatMap((type) =>
        type.phases.map((phase) => ({
          id: phase.id,
          label: phase.label,
          ticketTypeId: type.id,
          typeName: typeName(type, language),
          ...figures(breakdown.byPhase.get(phase.id)),
        })),
      ),
      ...(unphased
        ? [{ id: null, label: null, ticketTypeId: null, typeName: null, ...figures(unphased) }]
        : []),
    ],
    codes: codes.map((code) => {
      const sold = breakdown.byCode.get(code.id) ?? NO_SALES;
      return {
        id: code.id,
        code: code.code,
        tickets: sold.tickets,
        people: sold.people,
        orders: orders.get(code.id) ?? 0,
        discount: paiseToRupees(sold.discountPaise),
        revenue: paiseToRupees(sold.revenuePaise),
      };
    }),
    totals: {
      ...figures(breakdown.totals),
      discount: paiseToRupees(breakdown.totals.discountPaise),
      ...split(revenue.totals),
    },
  };
}
