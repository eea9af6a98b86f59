// Web budgets: Lighthouse on the landing page, My Tickets and the scanner's first screen, each beside a reference
// measured in the same run, and the scanner's decode latency, in Debian's Chromium.
//
//   npx tsx bench/web/run.ts [--runs 5] [--pages landing,my-tickets,scanner] [--languages en,hi,gu] [--scans 5]
//                            [--dist <built web dir>] [--no-write] [--save <dir> [--cpu-profile]]
//
// Exits with 1 when a page is over its budget (bench/web/budgets.ts), so a change can be checked with one
// command; never part of `npm test`, whose assertions must not depend on how busy the machine is.
//
// Pages: a production build of apps/web (built here into a private folder, so a rebuild by anyone else cannot
// change what is measured; or --dist to measure an existing build) served by the real server (buildApp, in
// its own process: bench/web/serve.ts), then Lighthouse's default profile (mobile form factor, simulated
// slow 4G, 4x CPU slowdown), each run in a fresh Chromium whose browser languages are that language's
// (--accept-lang, so the boot script picks it as for a real reader). Measured, --runs times each,
// interleaved (run 1 of every page, then run 2...) so a change in the machine's load touches them alike:
// - reference: the landing page's pre-rendered first screen as plain HTML and CSS with no script
//   (bench/web/pages.ts), served the same way; the budgets are relative to it, so the host cancels out;
// - landing: '/' on a first visit (the intro's cover plays);
// - my-tickets: '/dashboard/guest', the guest app's start page, signed in (the session stored as the app
//   stores it) with one ticket bought, as a return visit: in the same fresh Chromium the page is first
//   loaded once, unmeasured, until the app has saved the person and their tickets on the phone (IndexedDB,
//   as every visit does; its pre-rendered greeting then has the person's name before the script runs), and
//   the HTTP cache, the service worker and its caches are then cleared, so the measured load fetches every
//   file as a first visit does;
// - scanner: '/dashboard/qrchecker', the gate app's start page, signed in as a volunteer.
// Medians are reported. Each run is checked to have loaded its language (a catalog chunk for Hindi and
// Gujarati, none for English) and, for a signed-in page, to have asked for what only that page asks for.
// Lighthouse 12.2 cannot name the LCP element on Chromium 156 (its RootCauses gatherer fails on the newer
// trace format), so the element is read from the trace's own LCP candidate events instead.
//
// Scanner decode: the scanner engine's test page (scanner-lab.html, as e2e/scanner-engine.test.ts builds it)
// with Chromium's fake camera showing a ticket-shaped QR; time from the video's 'playing' event to the first
// decoded code, --scans times, each in a fresh browser context (decoder and wasm loaded afresh).
//
// Each run is written as a dated section at the top of bench/history/web.md (newest first); copy its figures
// into the Web table of bench/RESULTS.md when they are the new current ones. bench/web/profile.ts shows where
// one page load's main-thread time goes.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { RunnerResult } from 'lighthouse';
import { build } from 'vite';
import { FULL_CHROMIUM_PATH, launchBrowser, newContext, PHONE } from '../../e2e/support/browser';
import { writeFakeCameraY4m } from '../../e2e/support/fake-camera';
import { runLighthouse } from '../../e2e/support/lighthouse';
import { buildScannerLab, serveLab, TICKET_SHAPED_CODE } from '../../e2e/support/scanner-lab';
import {
  judge,
  MIN_PERFORMANCE,
  median,
  type PageRun,
  PERFORMANCE_BELOW_REFERENCE,
  REFERENCE_TBT_MARGIN_MS,
  table,
  type Verdict,
} from './budgets';
import {
  type BenchPage,
  type Language,
  PAGES,
  type PageName,
  signInAccounts,
  storeSession,
  webFolderWithReference,
} from './pages';
import { startBenchServer } from './server';

const root = path.resolve(import.meta.dirname, '../..');
const webRoot = path.join(root, 'apps/web');
const resultsFile = path.join(root, 'bench/history/web.md');
const SECTION = '## Web budgets';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: 'landing,my-tickets,scanner' },
    languages: { type: 'string', default: 'en,hi,gu' },
    scans: { type: 'string', default: '5' },
    dist: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    /** A folder to keep each run's Lighthouse report (JSON) and trace in, for a closer look. */
    save: { type: 'string' },
    /**
     * With --save: V8's sampling profiler recorded into each trace, to see which functions a long task ran. The
     * sampling itself costs the page time, so a run with it reads where time goes, never whether a budget holds.
     */
    'cpu-profile': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const SCANS = Number(args.scans);
const LANGUAGES = (args.languages ?? 'en').split(',') as Language[];
const MEASURED = (args.pages ?? 'landing').split(',') as PageName[];
for (const name of MEASURED)
  if (!PAGES[name] || name === 'reference') throw new Error(`unknown page ${name}`);
const PAGE_NAMES: PageName[] = ['reference', ...MEASURED];
const ACCEPT_LANGUAGE = { en: 'en-IN,en', hi: 'hi-IN,hi', gu: 'gu-IN,gu' } as const;
const DECODE_BUDGET_MS = 500;

const workDir = mkdtempSync(path.join(tmpdir(), 'utsav-bench-web-'));

async function buildWeb(outDir: string): Promise<void> {
  // Vite keeps NODE_ENV; under `test` it would bundle React's development build.
  process.env.NODE_ENV = 'production';
  await build({
    configFile: path.join(webRoot, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
}

interface TraceEvent {
  name: string;
  ts: number;
  args?: { data?: Record<string, unknown> };
}

/** The last LCP candidate of the main frame, as Chromium wrote it into the trace. */
function lcpElement(result: RunnerResult): string {
  const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
  const candidates = (trace?.traceEvents ?? []).filter(
    (event) =>
      event.name === 'largestContentfulPaint::Candidate' && event.args?.data?.isOutermostMainFrame !== false,
  );
  const last = candidates.at(-1)?.args?.data;
  if (!last) return 'unknown';
  const url = typeof last.imageUrl === 'string' && last.imageUrl ? ` ${last.imageUrl.split('/').pop()}` : '';
  return `${last.type ?? '?'}${url} (${last.size} px²)`;
}

interface Session {
  idToken: string;
  refreshToken: string;
  user: { uid: string };
}

async function measure(
  url: string,
  page: BenchPage,
  language: Language,
  session: Session | undefined,
): Promise<PageRun> {
  // On a busy machine Lighthouse now and then loses the trace (NO_NAVSTART): such a run is run again.
  let result: RunnerResult | undefined;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    result = await runLighthouse(
      `${url}${page.path(language)}`,
      // A signed-in page keeps the session stored before the load (Lighthouse would clear the origin's storage).
      {
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: session !== undefined,
        ...(args['cpu-profile'] ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
      },
      [`--accept-lang=${ACCEPT_LANGUAGE[language]}`],
      session ? storeSession(url, session, page.returnVisit ? page.path(language) : undefined) : undefined,
    );
    if (!result.lhr.runtimeError) break;
    console.log(
      `[${page.name} ${language}] Lighthouse failed (${result.lhr.runtimeError.code}), running again`,
    );
  }
  if (!result) throw new Error('Lighthouse did not run');
  const { lhr } = result;
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    const stamp = `${page.name}-${language}-${Date.now()}`;
    writeFileSync(path.join(args.save, `${stamp}.json`), JSON.stringify(lhr));
    // The trace Lighthouse's simulation read (its tasks' wall durations, x4, make TBT): for a closer look.
    const trace = (result.artifacts as unknown as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(path.join(args.save, `${stamp}.trace.json`), JSON.stringify(trace));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
  const transferred = (type: string) =>
    requests
      .filter((request) => request.resourceType === type)
      .reduce((sum, request) => sum + Number(request.transferSize ?? 0), 0);
  if (page.name !== 'reference') {
    const loaded =
      requests.map((request) => /\/i18n-(hi|gu)-/.exec(String(request.url))?.[1]).find(Boolean) ?? 'en';
    if (loaded !== language) throw new Error(`a run of ${page.name} for ${language} loaded ${loaded}`);
  }
  if (page.proof && !requests.some((request) => page.proof?.test(String(request.url))))
    throw new Error(`a run of ${page.name} (${language}) never asked for ${page.proof}: not the page meant`);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndex: numeric('speed-index'),
    jsTransferKb: transferred('Script') / 1024,
    fontTransferKb: transferred('Font') / 1024,
    lcpElement: lcpElement(result),
  };
}

// ---- scanner ----

async function measureDecodes(): Promise<number[]> {
  const outDir = path.join(workDir, 'lab');
  await buildScannerLab(outDir, 'error');
  const cameraFile = path.join(workDir, 'ticket.y4m');
  writeFakeCameraY4m(TICKET_SHAPED_CODE, cameraFile);
  const { url, close } = await serveLab(outDir);
  const browser = await launchBrowser(
    [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ],
    FULL_CHROMIUM_PATH,
  );
  const latencies: number[] = [];
  try {
    for (let run = 0; run < SCANS; run += 1) {
      const context = await newContext(browser, { viewport: PHONE });
      await context.grantPermissions(['camera'], { origin: url });
      const page = await context.newPage();
      await page.goto(`${url}/scanner-lab.html`);
      await page.getByRole('button', { name: 'Start Camera' }).click();
      const scanned = page.getByTestId('scanned');
      const deadline = Date.now() + 15_000;
      while ((await scanned.textContent()) !== TICKET_SHAPED_CODE) {
        if (Date.now() > deadline) throw new Error('the fake camera QR was not decoded within 15 s');
        await page.waitForTimeout(50);
      }
      const decoder = await page.getByTestId('decoder').textContent();
      const playingAt = Number(await scanned.getAttribute('data-playing-at'));
      const firstScanAt = Number((await scanned.getAttribute('data-scan-times'))?.split(',')[0]);
      latencies.push(firstScanAt - playingAt);
      console.log(
        `[scanner] run ${run + 1}: first decode ${(firstScanAt - playingAt).toFixed(0)} ms (${decoder})`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await close();
  }
  return latencies;
}

// ---- report ----

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  let chromium = 'Chromium';
  try {
    chromium = execFileSync(FULL_CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .replace(/ built on .*/s, '')
      .trim();
  } catch {
    // the name alone will do
  }
  return `\`nproc\` ${cpus().length}; CPU \`${cpu}\`; ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; Node ${process.version}; ${chromium}; Lighthouse 12.2.3`;
}

function writeSection(body: string): void {
  // The newest run goes first, right under the section's heading (appended with the heading if it is missing).
  const current = readFileSync(resultsFile, 'utf8');
  const start = current.indexOf(`\n${SECTION}\n`);
  const next =
    start === -1
      ? `${current.trimEnd()}\n\n${SECTION}\n\n${body}`
      : `${current.slice(0, start + SECTION.length + 2)}\n${body.trimEnd()}\n${current.slice(start + SECTION.length + 2)}`;
  writeFileSync(resultsFile, `${next.trimEnd()}\n`);
}

const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const loadText = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');

async function main(): Promise<number> {
  const loadAtStart = loadavg();
  const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const dist = args.dist ? path.resolve(args.dist) : path.join(workDir, 'web');
  if (!args.dist) await buildWeb(dist);

  // Compressed JS of the first load as shipped (the build's .br files, else gzip of the file), for the record.
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  // (named in the boot script's list of the app's scripts, which it asks for after the first paint)
  const initialJs = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
  const initialJsGzipKb =
    [...new Set(initialJs)].reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file))).length,
      0,
    ) / 1024;

  const served = path.join(workDir, 'served');
  webFolderWithReference(dist, served, LANGUAGES);
  const server = await startBenchServer(served);
  const runs = new Map<string, PageRun[]>();
  try {
    const sessions = await signInAccounts(server.url);
    for (let run = 0; run < RUNS; run += 1) {
      for (const language of LANGUAGES) {
        for (const name of PAGE_NAMES) {
          const result = await measure(server.url, PAGES[name], language, sessions.get(name));
          const key = `${name}:${language}`;
          runs.set(key, [...(runs.get(key) ?? []), result]);
          console.log(
            `[${name} ${language}] run ${run + 1}: perf ${result.performance}, a11y ${result.accessibility}, LCP ${fmtS(result.lcp)} (${result.lcpElement}), FCP ${fmtS(result.fcp)}, TBT ${result.tbt.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}, JS ${result.jsTransferKb.toFixed(1)} KiB, fonts ${result.fontTransferKb.toFixed(1)} KiB; load ${loadText(loadavg())}`,
          );
        }
      }
    }
  } finally {
    await server.close();
  }
  const decodes = SCANS > 0 ? await measureDecodes() : [];

  const verdicts: Verdict[] = LANGUAGES.flatMap((language) =>
    MEASURED.map((name) =>
      judge(name, language, runs.get(`${name}:${language}`) ?? [], runs.get(`reference:${language}`) ?? []),
    ),
  );
  const over = verdicts.filter((verdict) => verdict.over.length > 0);
  const decodeOver = decodes.length > 0 && Math.max(...decodes) >= DECODE_BUDGET_MS;
  const date = new Date().toISOString().slice(0, 10);
  const load = `${loadText(loadAtStart)} at the start, ${loadText(loadavg())} at the end`;
  const scanner =
    decodes.length > 0
      ? `\n\nScanner, playing -> first decode: median ${median(decodes).toFixed(0)} ms, max ${Math.max(...decodes).toFixed(0)} ms (${decodes.map((value) => value.toFixed(0)).join(', ')} ms); budget < ${DECODE_BUDGET_MS} ms: ${decodeOver ? '**over budget**' : 'within budget'}.`
      : '';

  const body = `### ${date}: \`bench/web/run.ts\` (${startedAt} UTC)

Lighthouse 12.2.3 mobile profile (simulated slow 4G, 4x CPU), a fresh Chromium per run, median of ${RUNS}
runs, pages interleaved run by run. Budgets, per page and language, against the reference (the landing
page's pre-rendered first screen as HTML and CSS, no script) measured in the same run: TBT <= reference +
${REFERENCE_TBT_MARGIN_MS} ms, Performance >= ${MIN_PERFORMANCE} and >= reference - ${PERFORMANCE_BELOW_REFERENCE}.

Machine: ${machine()}. Load average (1/5/15 min) ${load}. Lighthouse's simulation multiplies the CPU time
it observes by 4, so a busy machine inflates TBT, FCP and LCP of every page, the reference's too.

Command:

\`\`\`
npx tsx bench/web/run.ts --runs ${RUNS} --pages ${MEASURED.join(',')} --languages ${LANGUAGES.join(',')} --scans ${SCANS}${args.dist ? ' --dist <build>' : ''}
\`\`\`

${table(LANGUAGES, PAGE_NAMES, runs, verdicts)}

JS in index.html's entry and module preloads, gzip -6: ${initialJsGzipKb.toFixed(1)} KiB (${new Set(initialJs).size} files).
LCP elements (last run): ${PAGE_NAMES.map((name) => `${name} ${runs.get(`${name}:${LANGUAGES[0]}`)?.at(-1)?.lcpElement}`).join('; ')}.${scanner}
${over.length > 0 ? `\n**Over budget**: ${over.map((verdict) => `${verdict.page} ${verdict.language} (${verdict.over.join('; ')})`).join(', ')}.\n` : ''}`;
  console.log(`\n${body}`);
  if (!args['no-write']) writeSection(body);
  return over.length > 0 || decodeOver ? 1 : 0;
}

try {
  process.exitCode = await main();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
