import { configDefaults, defineConfig } from 'vitest/config';

// Three layers (the unit layer in two projects, see below), run in this order by scripts/test-all.sh: pure rules, HTTP against real databases, real browser.
//
// No test races the clock (docs/testing.md): a test waits for a state to be reached, never for a time to pass.
// expect.poll's own default (give up after 1 s) would make every poll a race against the machine's speed, so each
// layer's polls wait far longer: the ceiling only ever ends a real hang.
const pollsGiveUpAfter = (timeout: number) => ({ poll: { timeout, interval: 50 } });

const UNIT_FILES = ['packages/*/test/**/*.test.ts', 'apps/*/test/unit/**/*.test.ts'];
/**
 * Unit files that replace a module with vi.mock. Vitest only resets modules and mocks between files of an
 * isolated project, so these run in 'unit-mocks' (apps/server/test/unit/module-mocks.test.ts keeps this list complete).
 */
export const MODULE_MOCKING_UNIT_FILES = [
  'apps/server/test/unit/checkin/qr-verifier.test.ts',
  'apps/web/test/unit/admin-helpers.test.ts',
  'apps/web/test/unit/api-client.test.ts',
];
const unitLimits = {
  // Some unit tests start real servers, a browser or generate RSA keys: generous on a busy 2-core box.
  testTimeout: 20_000,
  expect: pollsGiveUpAfter(10_000),
  // Vitest's default is one worker fewer than the cores, i.e. one on the 2-core CI box; these are CPU-bound.
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: [...MODULE_MOCKING_UNIT_FILES, ...configDefaults.exclude],
          ...unitLimits,
          // Modules are loaded once per worker, not once per file: it halves the layer's CPU (each file imported
          // its own copy of zod, React and the domain). Unit tests keep no state between files; the few that
          // replace a module (vi.mock) run in the project below, where every file gets a fresh module graph.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-mocks',
          include: MODULE_MOCKING_UNIT_FILES,
          ...unitLimits,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
          // A folder for the run's server bundle, built there by the first suite that starts a server process.
          globalSetup: ['apps/server/test/integration-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: pollsGiveUpAfter(30_000),
          // Two files at a time: a suite spends a fifth of its time waiting on its databases and servers, and
          // one file at a time left the second core idle once the typecheck and web build beside it had ended.
          // Modules are loaded once per worker (isolate: false; ~1 s of imports a file): each suite builds its
          // own app on its own database (and its own PostgreSQL database), the server keeps no process-wide
          // state, and every port is the system's choice.
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // One production build of the web for the suites that run the product in-process (startPrivateApp),
          // and one server bundle for those that run it in its own process (startServer).
          globalSetup: ['e2e/support/private-web-build.ts', 'e2e/support/server-bundle.ts'],
          // A real browser on a busy 2-core CI box: one retry there, none locally, so a flake still shows.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: pollsGiveUpAfter(60_000),
          // Two files at a time: a browser suite waits on its page, its server and timers about half the time,
          // so on 2 cores two suites overlap (each starts its own server and browser, on random ports). Modules
          // are loaded once per worker (isolate: false): every suite builds its own app, nothing is global.
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
          // After the other layers when `vitest run` runs them all (and a group of its own for its maxWorkers).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
