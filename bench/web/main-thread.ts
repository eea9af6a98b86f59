// Where a page load's main thread goes, by CPU time, so a busy machine does not blur it: a Chromium
// performance trace of one load (no throttling), whose main-thread tasks are read by their thread time
// (`tdur`, what the thread ran, not how long it waited for a core) and scaled by 4 as Lighthouse's mobile
// profile scales them. "Blocking at 4x" sums max(0, 4 x task - 50 ms) over the tasks after the first
// contentful paint: Lighthouse's Total Blocking Time, estimated from CPU time. Each long task is broken down by
// the trace events inside it (script evaluation and compile, function calls, style, layout, paint, parsing).
// Beside it, the same sum by each task's wall time as Lighthouse's simulation (Lantern) counts it (x 4, x 2 for
// a task that lays out): where the two differ, the thread was waiting for a core (decision 1125).
//
//   npx tsx bench/web/main-thread.ts --dist apps/web/dist [--pages reference,landing,my-tickets,scanner]
//                                    [--languages en,hi,gu] [--runs 3] [--seconds 8]
//
// Medians of --runs loads per page and language; each load in a fresh browser context with the phone's
// viewport, motion allowed (the intro plays on the landing page) and the language's browser locale. Signed-in
// pages are loaded with the session stored as the app stores it (bench/web/pages.ts).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FULL_CHROMIUM_PATH, launchBrowser, newContext, PHONE } from '../../e2e/support/browser';
import { median } from './budgets';
import { type Language, PAGES, type PageName, signInAccounts, webFolderWithReference } from './pages';
import { startBenchServer } from './server';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'apps/web/dist' },
    pages: { type: 'string', default: 'reference,landing,my-tickets,scanner' },
    languages: { type: 'string', default: 'en,hi,gu' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    /** Print each long task's breakdown (of the last run). */
    tasks: { type: 'boolean', default: false },
    /** A folder to write each load's trace to (<page>-<language>-<run>.json; open it in DevTools' Performance panel). */
    traces: { type: 'string' },
  },
});

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    data?: { url?: string };
    beginData?: {
      url?: string;
      stackTrace?: Array<{ functionName: string; url: string; lineNumber: number }>;
    };
  };
}

const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', gu: 'gu-IN' };
const SLOWDOWN = 4;
const BREAKDOWN: Record<string, string> = {
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  CompileScript: 'compile',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  MajorGC: 'GC',
  MinorGC: 'GC',
};

interface LoadFigures {
  blocking: number;
  /**
   * Lighthouse's own rule (Lantern, decision 1125): each task's wall time x 4 (x 2 for a task that lays out),
   * less 50 ms. Wall time counts the time the thread waited for a core, so this one moves with the host's load.
   */
  blockingByWall: number;
  longTasks: number;
  cpuAfterFcp: number;
  tasks: string[];
}

/** The figures of one trace: the main thread of the renderer that parsed `origin`'s page, after its FCP. */
function figures(events: TraceEvent[], origin: string): LoadFigures {
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '').startsWith(origin),
  );
  if (!parse) throw new Error(`the trace has no parse of a page of ${origin}`);
  const main = `${parse.pid}:${parse.tid}`;
  const tasks = events.filter(
    (event) => event.name === 'RunTask' && event.ph === 'X' && `${event.pid}:${event.tid}` === main,
  );
  const fcp = events.find(
    (event) => event.name === 'firstContentfulPaint' && `${event.pid}:${event.tid}` === main,
  )?.ts;
  const onMain = (event: TraceEvent) => `${event.pid}:${event.tid}` === main;
  const after = tasks.filter((task) => fcp === undefined || task.ts >= fcp);
  const inside = events.filter((event) => onMain(event) && event.ph === 'X' && BREAKDOWN[event.name]);
  let blocking = 0;
  let blockingByWall = 0;
  let cpuAfterFcp = 0;
  const lines: string[] = [];
  const layouts = inside.filter((event) => event.name === 'Layout');
  for (const task of after) {
    const lays = layouts.some((event) => event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0));
    blockingByWall += Math.max(0, ((task.dur ?? 0) / 1000) * (lays ? SLOWDOWN / 2 : SLOWDOWN) - 50);
    const ms = ((task.tdur ?? 0) / 1000) * SLOWDOWN;
    cpuAfterFcp += ms;
    if (ms <= 50) continue;
    blocking += ms - 50;
    const parts = new Map<string, number>();
    for (const event of inside) {
      if (event.ts < task.ts || event.ts >= task.ts + (task.dur ?? 0)) continue;
      // Only the outermost event of a kind counts (a FunctionCall inside an EvaluateScript is in it already).
      const kind = BREAKDOWN[event.name] as string;
      const outer = inside.some(
        (other) =>
          other !== event &&
          BREAKDOWN[other.name] === kind &&
          other.ts <= event.ts &&
          other.ts + (other.dur ?? 0) >= event.ts + (event.dur ?? 0) &&
          other.ts >= task.ts,
      );
      if (!outer) parts.set(kind, (parts.get(kind) ?? 0) + ((event.tdur ?? 0) / 1000) * SLOWDOWN);
    }
    const script = inside.find(
      (event) => event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0) && event.args?.data?.url,
    )?.args?.data?.url;
    // Style or layout forced from script (the page read a layout property, or focused something): the stack
    // Chromium records for it names the reader.
    const forced = inside
      .filter(
        (event) =>
          (event.name === 'Layout' || event.name === 'UpdateLayoutTree') &&
          event.ts >= task.ts &&
          event.ts < task.ts + (task.dur ?? 0) &&
          event.args?.beginData?.stackTrace?.length,
      )
      .map((event) => {
        const frame = event.args?.beginData?.stackTrace?.[0];
        const where = `${frame?.functionName || '(anonymous)'} ${String(frame?.url).replace(/^https?:\/\/[^/]+/, '')}:${frame?.lineNumber}`;
        return `${event.name === 'Layout' ? 'layout' : 'style'} ${(((event.tdur ?? 0) / 1000) * SLOWDOWN).toFixed(0)} ms forced by ${where}`;
      });
    lines.push(
      `  +${(((task.ts - (fcp ?? task.ts)) / 1000) | 0).toString().padStart(5)} ms after FCP: ${ms.toFixed(0)} ms at 4x (${[
        ...parts,
      ]
        .sort((a, b) => b[1] - a[1])
        .map(([kind, value]) => `${kind} ${value.toFixed(0)}`)
        .join(
          ', ',
        )})${script ? ` ${script.replace(/^https?:\/\/[^/]+/, '')}` : ''}${forced.map((line) => `\n      ${line}`).join('')}`,
    );
  }
  return { blocking, blockingByWall, longTasks: lines.length, cpuAfterFcp, tasks: lines };
}

const languages = (args.languages ?? 'en').split(',') as Language[];
const pages = (args.pages ?? 'landing').split(',') as PageName[];
const served = path.join(mkdtempSync(path.join(tmpdir(), 'utsav-main-thread-')), 'web');
webFolderWithReference(path.resolve(args.dist ?? 'apps/web/dist'), served, languages);
const server = await startBenchServer(served);
const browser = await launchBrowser([], FULL_CHROMIUM_PATH);
try {
  const sessions = await signInAccounts(server.url);
  const results = new Map<string, LoadFigures[]>();
  for (let run = 0; run < Number(args.runs); run += 1) {
    for (const language of languages) {
      for (const name of pages) {
        // Now and then a trace comes back without the page's HTML parse (the load's first events dropped):
        // that load is measured again, up to three times, instead of ending the whole run.
        let result: LoadFigures | undefined;
        let context: Awaited<ReturnType<typeof newContext>> | undefined;
        for (let attempt = 1; result === undefined; attempt += 1) {
          const page = PAGES[name];
          context = await newContext(browser, {
            viewport: PHONE,
            reducedMotion: false,
            locale: LOCALES[language],
          });
          const session = sessions.get(name);
          if (session)
            await context.addInitScript((value) => {
              if (!localStorage.getItem('utsav.dev-identity'))
                localStorage.setItem('utsav.dev-identity', value);
            }, JSON.stringify(session));
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          const events: TraceEvent[] = [];
          cdp.on('Tracing.dataCollected', (message) => {
            events.push(...(message.value as unknown as TraceEvent[]));
          });
          const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
          await cdp.send('Tracing.start', {
            traceConfig: {
              includedCategories: [
                'toplevel',
                'devtools.timeline',
                'disabled-by-default-devtools.timeline',
                // the stack of a forced style or layout (who read layout from script)
                'disabled-by-default-devtools.timeline.stack',
                'v8',
                'v8.execute',
                'loading',
                '__metadata',
              ],
            },
            transferMode: 'ReportEvents',
          });
          await tab.goto(`${server.url}${page.path(language)}`);
          await tab.waitForTimeout(Number(args.seconds) * 1000);
          await cdp.send('Tracing.end');
          await complete;
          if (args.traces)
            writeFileSync(
              path.join(args.traces, `${name}-${language}-${run + 1}.json`),
              JSON.stringify({ traceEvents: events }),
            );
          try {
            result = figures(events, server.url);
          } catch (error) {
            await context.close();
            if (attempt >= 3) throw error;
            console.log(
              `[${name} ${language}] run ${run + 1}: ${(error as Error).message}; measuring it again`,
            );
          }
        }
        const key = `${name} ${language}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        console.log(
          `[${key}] run ${run + 1}: blocking at 4x ${result.blocking.toFixed(0)} ms in ${result.longTasks} long tasks (by wall time, Lighthouse's rule: ${result.blockingByWall.toFixed(0)} ms); main-thread CPU after FCP at 4x ${result.cpuAfterFcp.toFixed(0)} ms`,
        );
        if (args.tasks) console.log(result.tasks.join('\n'));
        await context?.close();
      }
    }
  }
  console.log(
    "\n| page | lang | blocking at 4x (CPU time), median | long tasks | by wall time (Lighthouse's rule), median | main-thread CPU after FCP at 4x |",
  );
  console.log('|---|---|---|---|---|---|');
  for (const [key, list] of results) {
    const [name, language] = key.split(' ');
    console.log(
      `| ${name} | ${language} | ${median(list.map((item) => item.blocking)).toFixed(0)} ms (${list.map((item) => item.blocking.toFixed(0)).join(', ')}) | ${median(list.map((item) => item.longTasks))} | ${median(list.map((item) => item.blockingByWall)).toFixed(0)} ms | ${median(list.map((item) => item.cpuAfterFcp)).toFixed(0)} ms |`,
    );
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(path.dirname(served), { recursive: true, force: true });
}
