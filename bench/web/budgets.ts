import type { Language, PageName } from './pages';

// The web budgets, relative to the reference measured in the same run and the same Chromium (the landing
// page's first screen as plain HTML and CSS), so that what the host adds to every page cancels out: in each
// language, a page's median Total Blocking Time at most REFERENCE_TBT_MARGIN_MS above the reference's, and its
// median Performance score at least MIN_PERFORMANCE and at most PERFORMANCE_BELOW_REFERENCE below the reference's.

export const REFERENCE_TBT_MARGIN_MS = 200;
export const MIN_PERFORMANCE = 95;
export const PERFORMANCE_BELOW_REFERENCE = 5;

/** What one Lighthouse run of one page measured. */
export interface PageRun {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  jsTransferKb: number;
  fontTransferKb: number;
  lcpElement: string;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export interface Verdict {
  page: PageName;
  language: Language;
  performance: number;
  tbt: number;
  /** The budget in this run: the reference's median TBT + the margin, and the higher of the two floors. */
  tbtLimit: number;
  performanceFloor: number;
  /** Budget breaches, in words; empty when within budget. */
  over: string[];
}

/** The page's medians against the reference's, in one language. */
export function judge(
  page: PageName,
  language: Language,
  runs: readonly PageRun[],
  reference: readonly PageRun[],
): Verdict {
  const performance = median(runs.map((run) => run.performance));
  const tbt = median(runs.map((run) => run.tbt));
  const referencePerformance = median(reference.map((run) => run.performance));
  const referenceTbt = median(reference.map((run) => run.tbt));
  const over: string[] = [];
  if (tbt > referenceTbt + REFERENCE_TBT_MARGIN_MS)
    over.push(
      `TBT ${tbt.toFixed(0)} ms > reference ${referenceTbt.toFixed(0)} + ${REFERENCE_TBT_MARGIN_MS} ms`,
    );
  if (performance < MIN_PERFORMANCE) over.push(`Performance ${performance} < ${MIN_PERFORMANCE}`);
  if (performance < referencePerformance - PERFORMANCE_BELOW_REFERENCE)
    over.push(
      `Performance ${performance} < reference ${referencePerformance} - ${PERFORMANCE_BELOW_REFERENCE}`,
    );
  return {
    page,
    language,
    performance,
    tbt,
    tbtLimit: referenceTbt + REFERENCE_TBT_MARGIN_MS,
    performanceFloor: Math.max(MIN_PERFORMANCE, referencePerformance - PERFORMANCE_BELOW_REFERENCE),
    over,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One markdown table: every page in every language, medians with the runs beside them, and the verdict. */
export function table(
  languages: readonly Language[],
  pages: readonly PageName[],
  runs: ReadonlyMap<string, PageRun[]>,
  verdicts: readonly Verdict[],
): string {
  const rows = [
    '| page | lang | Performance | TBT | LCP | FCP | CLS | JS | budget (vs reference) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const language of languages) {
    for (const page of pages) {
      const list = runs.get(`${page}:${language}`) ?? [];
      const cell = (pick: (run: PageRun) => number, format: (value: number) => string) =>
        `${format(median(list.map(pick)))} (${list.map((run) => format(pick(run))).join(', ')})`;
      const verdict = verdicts.find((item) => item.page === page && item.language === language);
      const limits = verdict
        ? ` (TBT <= ${verdict.tbtLimit.toFixed(0)} ms, Performance >= ${verdict.performanceFloor})`
        : '';
      const budget =
        page === 'reference'
          ? 'reference'
          : verdict && verdict.over.length === 0
            ? `within budget${limits}`
            : `**over budget**: ${verdict?.over.join('; ')}`;
      rows.push(
        `| ${page} | ${language} | ${cell((run) => run.performance, String)} | ${cell(
          (run) => run.tbt,
          (value) => `${value.toFixed(0)} ms`,
        )} | ${cell((run) => run.lcp, seconds)} | ${cell((run) => run.fcp, seconds)} | ${median(list.map((run) => run.cls)).toFixed(3)} | ${median(list.map((run) => run.jsTransferKb)).toFixed(1)} KiB | ${budget} |`,
      );
    }
  }
  return rows.join('\n');
}
