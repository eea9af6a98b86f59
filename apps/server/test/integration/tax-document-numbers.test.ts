import { expect, it } from 'vitest';
import { type DocumentDraft, issueTaxDocument } from '../../src/modules/tax-documents/issue';
import { describeEachDatabase, type Engine } from '../../support/databases';
import { useInstances } from '../../support/instances';

// Document numbers: consecutive per series and financial year, none skipped, none repeated, a source documented
// once, even when two instances (two whole apps, each with its own pool, on one PostgreSQL database) issue at once.

const DOCUMENTS = 60;
// 12:00 IST on 10 October 2026: financial year 2026-27.
const OCTOBER = new Date('2026-10-10T06:30:00Z');

function draft(source: string): DocumentDraft {
  return {
    source,
    kind: 'tax-invoice',
    prefix: 'UTSAV',
    orderId: null,
    refersTo: null,
    supplier: {
      gstin: null,
      legalName: 'Navratri Events LLP',
      tradeName: null,
      address: 'Mumbai',
      stateCode: '27',
    },
    placeOfSupply: '27',
    buyer: { name: 'Asha', email: null, gstin: null, legalName: null, address: null },
    lines: [],
    totals: { taxablePaise: 50_000, cgstPaise: 4_500, sgstPaise: 4_500, igstPaise: 0, totalPaise: 59_000 },
  };
}

describeEachDatabase('tax document numbers', (engine: Engine) => {
  const instances = engine === 'postgres' ? 2 : 1;
  const { servers } = useInstances(engine, { count: instances });

  const db = (i: number) => servers[i % servers.length]!.ctx.db;

  it(`${DOCUMENTS} documents issued at once from ${instances} instance(s) are numbered 1..${DOCUMENTS}`, async () => {
    const results = await Promise.all(
      Array.from({ length: DOCUMENTS }, (_, i) => issueTaxDocument(db(i), draft(`test:rush-${i}`), OCTOBER)),
    );
    expect(results.every((result) => result.issued)).toBe(true);
    const rows = await db(0)
      .selectFrom('tax_documents')
      .select(['serial', 'number', 'financial_year', 'series'])
      .where('source', 'like', 'test:rush-%')
      .execute();
    const serials = rows.map((row) => Number(row.serial)).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: DOCUMENTS }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(DOCUMENTS);
    expect(rows.every((row) => Number(row.financial_year) === 2026 && row.series === 'I')).toBe(true);
    expect(rows.map((row) => row.number)).toContain('UTSAV/I26/1');
  });

  it('one source issued by many callers at once is one document and takes one serial', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => issueTaxDocument(db(i), draft('test:once'), OCTOBER)),
    );
    expect(results.filter((result) => result.issued)).toHaveLength(1);
    expect(new Set(results.map((result) => result.document.number)).size).toBe(1);
    const next = await issueTaxDocument(db(1), draft('test:after-once'), OCTOBER);
    expect(Number(next.document.serial)).toBe(DOCUMENTS + 2);
  });

  it('the financial year turns at midnight IST on 1 April: a new series starts at 1', async () => {
    // 31 March 2027 23:59 IST is 18:29 UTC; 1 April 00:00 IST is 18:30 UTC.
    const march = await issueTaxDocument(db(0), draft('test:march'), new Date('2027-03-31T18:29:00Z'));
    const april = await issueTaxDocument(db(1), draft('test:april'), new Date('2027-03-31T18:30:00Z'));
    expect(march.document.number).toBe(`UTSAV/I26/${DOCUMENTS + 3}`);
    expect(Number(march.document.financial_year)).toBe(2026);
    expect(april.document.number).toBe('UTSAV/I27/1');
    expect(Number(april.document.financial_year)).toBe(2027);
  });

  it('an issued document never changes', async () => {
    await expect(
      db(0)
        .updateTable('tax_documents')
        .set({ buyer_name: 'Someone else' })
        .where('source', '=', 'test:once')
        .execute(),
    ).rejects.toThrow(/never changes/);
  });
});
