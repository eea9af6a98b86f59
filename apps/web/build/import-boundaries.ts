import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Which folder of the web may import which, written as Biome rules (apps/web/biome.jsonc) generated from the
// folders of src/features, so a new feature is covered as soon as it exists:
// - features never import each other; pages (src/app) compose them, and what is truly shared and belongs to
//   no feature lives in src/lib or src/ui;
// - src/lib and src/ui import no feature and nothing of src/app;
// - nothing of the web imports the server: it talks to it over HTTP;
// - no import cycle (Biome's noImportCycles, as the server and packages have in the root biome.json): a cycle
//   makes the order modules initialise in depend on which one is imported first.
//
// Biome matches an import by the text of its path, not by the file it resolves to, and the same file can be
// reached by many spellings (../../waitlist/api/x, ../api/../../waitlist/api/x, ../../../features/waitlist/...,
// an alias). So the rules do not describe how far a path may climb: each feature's files may not import any
// path that names another feature's folder (`**/waitlist/**`, `**/../waitlist`, `**/features/waitlist`),
// however it is spelled. A feature's own files are imported by their relative path inside the feature.
//
// Run `npx tsx apps/web/build/import-boundaries.ts` after adding, renaming or removing a feature;
// test/unit/import-boundaries.test.ts fails while biome.jsonc and the folders disagree.

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FEATURES_DIR = path.join(WEB_ROOT, 'src', 'features');
export const WEB_BIOME_CONFIG = path.join(WEB_ROOT, 'biome.jsonc');

/** Folders of features rather than features: each folder inside one is a feature of its own. */
export const FEATURE_GROUPS = ['admin'] as const;

const folders = (dir: string) =>
  readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isDirectory())
    .sort();

/** Every feature, as its path under src/features: 'tickets', 'admin/users', … */
export function featureNames(featuresDir = FEATURES_DIR): string[] {
  return folders(featuresDir).flatMap((name) =>
    (FEATURE_GROUPS as readonly string[]).includes(name)
      ? folders(path.join(featuresDir, name)).map((inner) => `${name}/${inner}`)
      : [name],
  );
}

interface Pattern {
  group: string[];
  message: string;
}

export interface Override {
  includes: string[];
  linter: {
    rules: {
      style: { noRestrictedImports: { level: 'error'; options: { patterns: Pattern[] } } };
      suspicious?: { noImportCycles: 'error' };
    };
  };
}

/** Any import path that names the folder `name`, however it climbs to it. */
function naming(name: string): string[] {
  return [`**/${name}/**`, `**/../${name}`, `**/features/${name}`];
}

const SERVER: Pattern = {
  group: ['@utsav/server', '@utsav/server/**', '**/apps/server/**', '**/../server/**'],
  message: 'The web talks to the server over HTTP only.',
};

const APP: Pattern = {
  group: ['**/app/**', '**/../app'],
  message: 'src/app composes features and shared parts; nothing it holds is imported back by them.',
};

/** The folder names a feature's imports may not name: every other feature (a group's members by name). */
function othersOf(feature: string, features: readonly string[]): string[] {
  const [group] = feature.split('/');
  const names = new Set<string>();
  for (const other of features) {
    if (other === feature) continue;
    const [otherGroup, member] = other.split('/');
    // A top-level feature may name no group at all; a member of a group names its siblings by their own name.
    if (member === undefined) names.add(other);
    else if (otherGroup === group) names.add(member);
    else names.add(otherGroup as string);
  }
  return [...names].sort();
}

/** Restrictions in the order Biome applies them: for a file in several, the last one's list is the one used. */
export function importOverrides(features: readonly string[]): Override[] {
  const rule = (includes: string[], patterns: Pattern[]): Override => ({
    includes,
    linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
  });
  const everywhere = rule(['**'], [SERVER]);
  everywhere.linter.rules.suspicious = { noImportCycles: 'error' };
  return [
    everywhere,
    rule(
      ['src/lib/**', 'src/ui/**'],
      [
        SERVER,
        APP,
        {
          group: naming('features').concat(
            features.flatMap((feature) => naming(feature.split('/')[0] as string)),
          ),
          message: 'src/lib and src/ui belong to no feature: they import none.',
        },
      ],
    ),
    ...features.map((feature) =>
      rule(
        [`src/features/${feature}/**`],
        [
          SERVER,
          APP,
          {
            group: othersOf(feature, features).flatMap(naming),
            message:
              `Features do not import each other (${feature} imports only its own files, src/lib, src/ui and ` +
              'packages): compose features in src/app, or move what belongs to none to src/lib or src/ui.',
          },
        ],
      ),
    ),
  ];
}

const HEADER = `// The web's lint settings on top of the repository's biome.json. The overrides are the web's import
// boundaries, generated from the folders of src/features by build/import-boundaries.ts (which explains
// them): features never import each other, src/lib and src/ui import no feature, nothing imports the
// server, no import cycle. After adding, renaming or removing a feature run:
// npx tsx apps/web/build/import-boundaries.ts
`;

/** biome.jsonc as JSON: its comments are whole lines starting with //. */
export function readWebBiomeConfig(
  file = WEB_BIOME_CONFIG,
): { overrides?: Override[] } & Record<string, unknown> {
  const text = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
  return JSON.parse(text);
}

/** Rewrites biome.jsonc's overrides from the folders as they are now, then lets Biome format it. */
export function writeWebBiomeConfig(file = WEB_BIOME_CONFIG): void {
  const config = readWebBiomeConfig(file);
  config.overrides = importOverrides(featureNames());
  writeFileSync(file, `${HEADER}${JSON.stringify(config, null, 2)}\n`);
  execFileSync('npx', ['biome', 'format', '--write', file], { stdio: 'inherit' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  writeWebBiomeConfig();
