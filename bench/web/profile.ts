// Where a page's main thread goes while it loads: a CPU profile (Chromium's sampling profiler over the DevTools
// protocol) of one page load at 4x CPU slowdown in Debian's full Chromium, summed by script and by function,
// with the page's long tasks (PerformanceObserver 'longtask', wall time at 4x).
//
//   npx tsx bench/web/profile.ts --dist apps/web/dist [--path / | --page my-tickets] [--language en] [--seconds 12] [--motion reduce]
//                                [--out profile.cpuprofile]
//
// The page is served by the real server on the given build, as bench/web/run.ts serves it. The .cpuprofile can
// be opened in Chromium's DevTools (Performance panel) for a closer look.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FULL_CHROMIUM_PATH, launchBrowser, newContext, PHONE } from '../../e2e/support/browser';
import { type Language, PAGES, type PageName, signInAccounts, webFolderWithReference } from './pages';
import { startBenchServer } from './server';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'apps/web/dist' },
    path: { type: 'string', default: '/' },
    /** A page of bench/web/pages.ts instead of --path: its path, and its account's session stored first. */
    page: { type: 'string' },
    language: { type: 'string', default: 'en' },
    seconds: { type: 'string', default: '12' },
    out: { type: 'string' },
    top: { type: 'string', default: '25' },
    /** 'reduce' to load with prefers-reduced-motion (no intro, no spinning mandala). */
    motion: { type: 'string', default: 'no-preference' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The profile cut at its idle samples: each stretch of work between two idles is (about) one task. Those
 * over 50 ms, with when they began (ms after the profile's start) and their three heaviest functions.
 */
function busyStretches(profile: Profile, names: ReadonlyMap<number, string>): string[] {
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  );
  const lines: string[] = [];
  let at = 0;
  let start = 0;
  let self = new Map<string, number>();
  let length = 0;
  const close = () => {
    if (length > 50) {
      const heaviest = [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
        .join('; ');
      lines.push(`  at ${start.toFixed(0)} ms, ${length.toFixed(0)} ms: ${heaviest}`);
    }
    self = new Map();
    length = 0;
  };
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    at += ms;
    if (idle.has(id)) {
      close();
      return;
    }
    if (length === 0) start = at;
    length += ms;
    const name = names.get(id) ?? '?';
    self.set(name, (self.get(name) ?? 0) + ms);
  });
  close();
  return lines;
}

const LOCALES = { en: 'en-IN', hi: 'hi-IN', gu: 'gu-IN' } as const;

// Served as bench/web/run.ts serves it, the reference pages (--path /bench-reference-en.html) included.
const served = path.join(mkdtempSync(path.join(tmpdir(), 'utsav-profile-')), 'web');
webFolderWithReference(path.resolve(args.dist ?? 'apps/web/dist'), served, ['en', 'hi', 'gu']);
const server = await startBenchServer(served);
const browser = await launchBrowser([], FULL_CHROMIUM_PATH);
try {
  const context = await newContext(browser, {
    viewport: PHONE,
    reducedMotion: args.motion === 'reduce',
    locale: LOCALES[args.language as keyof typeof LOCALES] ?? 'en-IN',
  });
  const named = args.page ? PAGES[args.page as PageName] : undefined;
  if (args.page && !named) throw new Error(`no page named ${args.page}`);
  const session = named?.account ? (await signInAccounts(server.url)).get(named.name) : undefined;
  if (session)
    await context.addInitScript((value) => {
      if (!localStorage.getItem('utsav.dev-identity')) localStorage.setItem('utsav.dev-identity', value);
    }, JSON.stringify(session));
  const page = await context.newPage();
  await page.addInitScript(() => {
    const tasks: Array<[number, number]> = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const target = named ? named.path(args.language as Language) : args.path;
  await page.goto(`${server.url}${target}`);
  await page.waitForTimeout(Number(args.seconds) * 1000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const longTasks = await page.evaluate(
    () => (window as unknown as { longTasks: Array<[number, number]> }).longTasks,
  );
  if (args.out) writeFileSync(args.out, JSON.stringify(profile));

  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const byUrl = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const names = new Map<number, string>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url ? url.replace(server.url, '') : `(${functionName || 'native'})`;
    byUrl.set(file, (byUrl.get(file) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    names.set(node.id, name);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(args.top))
      .map(([name, ms]) => `${ms.toFixed(1).padStart(9)} ms  ${name}`)
      .join('\n');
  const busy = [...byUrl]
    .filter(([name]) => name !== '(idle)' && name !== '(program)')
    .reduce((s, [, ms]) => s + ms, 0);
  console.log(
    `${target} (${args.language}), 4x CPU, ${args.seconds} s: ${busy.toFixed(0)} ms of script and GC sampled`,
  );
  console.log(`\nby script (self time):\n${top(byUrl)}`);
  console.log(`\nby function (self time):\n${top(byFunction)}`);
  console.log(`\nlong tasks (start, duration ms at 4x): ${JSON.stringify(longTasks)}`);
  console.log(`\nbusy stretches over 50 ms (script between idle samples), their heaviest functions:`);
  for (const stretch of busyStretches(profile, names)) console.log(stretch);
  await context.close();
} finally {
  await browser.close();
  await server.close();
  rmSync(path.dirname(served), { recursive: true, force: true });
}
