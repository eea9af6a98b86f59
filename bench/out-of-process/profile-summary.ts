// Where the time went in a `node --cpu-prof` profile: self time by package (or our source file) and the top
// functions, as percentages of the sampled time that was not idle.
//
//   npx tsx bench/out-of-process/profile-summary.ts <file.cpuprofile> [--top 25] [--last SECONDS]
//
// --last: only the samples of the profile's final SECONDS (the server stops right after the last scenario, so
// e.g. `--last 14` of a checkin run is verify-qr and mark-used without the purchases that bought the tickets).
// --skip-last: first drop the profile's final SECONDS (then --last counts back from there), to keep one scenario
// of several: e.g. `--skip-last 9 --last 7` of a checkin run is verify-qr alone.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    last: { type: 'string' },
    'skip-last': { type: 'string' },
  },
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

if (values['skip-last']) {
  let fromEnd = 0;
  let end = profile.samples.length;
  while (end > 0 && fromEnd + (profile.timeDeltas[end - 1] ?? 0) <= Number(values['skip-last']) * 1e6) {
    end -= 1;
    fromEnd += profile.timeDeltas[end] ?? 0;
  }
  profile.samples = profile.samples.slice(0, end);
  profile.timeDeltas = profile.timeDeltas.slice(0, end);
}

if (values.last) {
  // Keep the samples whose time lies within the last N seconds (timeDeltas summed back from the end).
  let fromEnd = 0;
  let first = profile.samples.length;
  while (first > 0 && fromEnd + (profile.timeDeltas[first - 1] ?? 0) <= Number(values.last) * 1e6) {
    first -= 1;
    fromEnd += profile.timeDeltas[first] ?? 0;
  }
  profile.samples = profile.samples.slice(first);
  profile.timeDeltas = profile.timeDeltas.slice(first);
}

// Self time per node from the sample stream (timeDeltas[i] is the time before samples[i]).
const selfUs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]!;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const ours = /\/(apps|packages)\/(.+)$/.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  return url;
}

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
let idle = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (!us) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') {
    idle += us;
    continue;
  }
  total += us;
  const where = area(url, functionName);
  byArea.set(where, (byArea.get(where) ?? 0) + us);
  const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}

// Inclusive time of our own functions (apps/, packages/): each sample counts once for every distinct one of
// them on its stack, so "placeOrder 40%" means 40% of busy time was spent inside it, callees included.
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
const inclusive = new Map<string, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i] ?? 0;
  const seen = new Set<string>();
  for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
    const node = nodesById.get(id)!;
    if (node.callFrame.functionName === '(idle)') break;
    const where = area(node.callFrame.url, node.callFrame.functionName);
    if (!/^(apps|packages)\//.test(where)) continue;
    const key = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
  }
}

const top = Number(values.top);
const pct = (us: number) => `${((100 * us) / total).toFixed(1)}%`;
console.log(
  `busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s\n\nself time by package / source file:`,
);
for (const [name, us] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${pct(us).padStart(6)}  ${name}`);
console.log('\ntop functions (self):');
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${pct(us).padStart(6)}  ${name}`);
console.log('\nour functions, inclusive (callees included):');
for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${pct(us).padStart(6)}  ${name}`);
