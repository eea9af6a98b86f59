import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// The server's import rules (biome.json, docs/architecture.md "Import rules") are lint rules, so a change that
// breaks one fails `npx biome check`. This proves each rule still catches what it is for: a deliberately bad
// file is written where the rule applies, Biome lints it, and the rule's message must come back. Then the real
// tree passes them, and the modules, read as a graph (type imports included), form no cycle.

const ROOT = path.join(import.meta.dirname, '../../../..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');
const run = promisify(execFile);
const PROBE = `zz-import-probe-${process.pid}`;
const RULES = ['style/noRestrictedImports', 'suspicious/noImportCycles'];

const MESSAGES = {
  platform: 'platform/ imports no module',
  stores: 'stores/ imports no module',
  repo: "A module does not import another module's repo file",
  testHelper: 'import no test helper',
  cycle: 'This import is part of a cycle',
};

const importOf = (dir: string, target: string) =>
  path.relative(path.join(ROOT, dir, PROBE), path.join(ROOT, target));

/** Each probe: where it is written (a folder the rule covers) and its files. */
const PROBES = {
  platform: {
    dir: 'apps/server/src/platform',
    files: {
      'probe.ts':
        "import { getCurrentEvent } from '../../modules/event/service';\nexport const probe = getCurrentEvent;\n",
    },
  },
  stores: {
    dir: 'apps/server/src/stores',
    files: {
      'probe.ts':
        "import { getCurrentEvent } from '../../modules/event/service';\nexport const probe = getCurrentEvent;\n",
    },
  },
  repo: {
    dir: 'apps/server/src/modules',
    files: {
      'probe.ts':
        "import { updateEvent } from '../event/repo';\nimport { findRefundById } from '../refunds/repo';\nexport const probe = [updateEvent, findRefundById];\n",
    },
  },
  serverCycle: {
    dir: 'apps/server/src/modules/admin',
    files: {
      'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a();\n",
    },
  },
  packageCycle: {
    dir: 'packages/domain/src',
    files: {
      'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a();\n",
    },
  },
  bench: {
    dir: 'bench',
    files: {
      'probe.ts': `import * as helper from '${importOf('bench', 'apps/server/test/integration/fuzz-values')}';\nexport const probe = helper;\n`,
    },
  },
  scripts: {
    dir: 'scripts',
    files: {
      'probe.ts': `import * as helper from '${importOf('scripts', 'apps/server/test/integration/fuzz-values')}';\nexport const probe = helper;\n`,
    },
  },
  support: {
    dir: 'apps/server/support',
    files: {
      'probe.ts': `import * as helper from '${importOf('apps/server/support', 'apps/server/test/integration/fuzz-values')}';\nexport const probe = helper;\n`,
    },
  },
} as const;

interface Diagnostic {
  file: string;
  rule: string;
  text: string;
}

/** Biome's diagnostics, each with its file, rule and text (colours off). */
function diagnostics(output: string): Diagnostic[] {
  const header = /^(\S+\.ts):\d+:\d+ lint\/(\S+)/gm;
  const found: Diagnostic[] = [];
  const starts = [...output.matchAll(header)];
  starts.forEach((match, index) => {
    const end = starts[index + 1]?.index ?? output.length;
    found.push({ file: match[1]!, rule: match[2]!, text: output.slice(match.index, end) });
  });
  return found;
}

/**
 * Writes every probe, lints the server, the packages, bench/ and scripts/ with the import rules in one run (Biome
 * reads the whole project for the cycle rule, so one run costs what one file would), and removes the probes
 * whatever happens.
 */
async function lintWithProbes(): Promise<{ failed: boolean; found: Diagnostic[] }> {
  const dirs = Object.values(PROBES).map((probe) => path.join(ROOT, probe.dir, PROBE));
  try {
    for (const probe of Object.values(PROBES)) {
      mkdirSync(path.join(ROOT, probe.dir, PROBE), { recursive: true });
      for (const [name, content] of Object.entries(probe.files)) {
        writeFileSync(path.join(ROOT, probe.dir, PROBE, name), content);
      }
    }
    const args = ['lint', '--colors=off', '--max-diagnostics=none', ...RULES.map((rule) => `--only=${rule}`)];
    const targets = ['apps/server', 'packages', 'bench', 'scripts'];
    try {
      const { stdout, stderr } = await run(BIOME, [...args, ...targets], { cwd: ROOT, maxBuffer: 64 << 20 });
      return { failed: false, found: diagnostics(stdout + stderr) };
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      return { failed: true, found: diagnostics(stdout + stderr) };
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

describe('the server import rules (biome.json)', () => {
  let lint: Awaited<ReturnType<typeof lintWithProbes>>;
  // Biome on a busy two-core machine: linting the whole server takes seconds.
  beforeAll(async () => {
    lint = await lintWithProbes();
  }, 120_000);

  const of = (probe: keyof typeof PROBES) =>
    lint.found.filter((found) => found.file.startsWith(`${PROBES[probe].dir}/${PROBE}/`));

  it('fail the lint on the probes', () => {
    expect(lint.failed).toBe(true);
  });

  it('refuse platform/ importing a module', () => {
    expect(of('platform').map((found) => found.text)).toEqual([expect.stringContaining(MESSAGES.platform)]);
  });

  it('refuse stores/ importing a module', () => {
    expect(of('stores').map((found) => found.text)).toEqual([expect.stringContaining(MESSAGES.stores)]);
  });

  it("refuse a module importing another module's repo file, each import", () => {
    expect(of('repo').map((found) => found.text)).toEqual([
      expect.stringContaining(MESSAGES.repo),
      expect.stringContaining(MESSAGES.repo),
    ]);
  });

  it('refuse an import cycle in the server and in packages', () => {
    for (const probe of ['serverCycle', 'packageCycle'] as const) {
      expect(of(probe).length).toBeGreaterThan(0);
      for (const found of of(probe)) {
        expect(found.rule).toBe('suspicious/noImportCycles');
        expect(found.text).toContain(MESSAGES.cycle);
      }
    }
  });

  it('refuse bench/, scripts/ and apps/server/support/ importing a test helper', () => {
    for (const probe of ['bench', 'scripts', 'support'] as const) {
      expect(of(probe).map((found) => found.text)).toEqual([expect.stringContaining(MESSAGES.testHelper)]);
    }
  });

  it('are kept by the real tree', () => {
    expect(lint.found.filter((found) => !found.file.includes(PROBE))).toEqual([]);
  });
});

// ---- the modules as a graph

const SRC = path.join(ROOT, 'apps/server/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** modules/<area>, stores, platform, demo, or the composition files at the top (app.ts, outbox.ts, ...). */
function partOf(file: string): string {
  const [top, area] = path.relative(SRC, file).split(path.sep);
  return top === 'modules' ? `modules/${area}` : top!.replace(/\.ts$/, '');
}

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = partOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/\bfrom\s+'(\.[^']+)'/g)) {
      const to = partOf(path.resolve(path.dirname(file), specifier!));
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the parts along it. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      found.push([...trail.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) walk(next, [...trail, node]);
    done.add(node);
  };
  for (const node of graph.keys()) walk(node, []);
  return found;
}

describe('the server modules', () => {
  const graph = moduleGraph();

  it('form no cycle, type imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('sit on platform/ and stores/, which import no module', () => {
    expect([...(graph.get('platform') ?? [])]).toEqual([]);
    expect([...(graph.get('stores') ?? [])]).toEqual(['platform']);
  });

  it('find the cycle a back edge would make (the check can fail)', () => {
    const withBackEdge = new Map([...graph].map(([node, edges]) => [node, new Set(edges)]));
    withBackEdge.get('modules/payments')!.add('modules/purchase');
    const found = cycles(withBackEdge);
    expect(
      found.some((cycle) => cycle.includes('modules/payments') && cycle.includes('modules/purchase')),
    ).toBe(true);
  });
});
