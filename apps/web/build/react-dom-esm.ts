import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

// React DOM's client ships only as CommonJS: one file of ~530 KB whose code the bundle wraps in a function,
// run where an ES module first imports it. A browser compiles a module's top level while it downloads, off
// the main thread, but a function only when first called: so React DOM's whole client was parsed and compiled
// on the main thread, in one task (~250 ms at 4x CPU slowdown on this project's test host, decision 1113).
// This plugin hands the bundler the same file as an ES module (its three requires as imports, its three
// exports as exports), so its code is top-level code and nothing of it is compiled on the main thread
// before it is called. Only the build does this; the development server keeps the package as it is.

const require = createRequire(import.meta.url);
/** The production build of react-dom/client that the package's client.js would require. */
export const REACT_DOM_CLIENT_FILE = require
  .resolve('react-dom/package.json')
  .replace(/package\.json$/, 'cjs/react-dom-client.production.js');

const REQUIRES =
  /^var Scheduler = require\("scheduler"\),\s*React = require\("react"\),\s*ReactDOM = require\("react-dom"\);$/m;
const EXPORTS = /^exports\.(createRoot|hydrateRoot|version) = /gm;

/** The file as an ES module, or an error when React's layout of it has changed (so this is looked at again). */
export function reactDomClientAsModule(source: string): string {
  if (!REQUIRES.test(source)) throw new Error(`${REACT_DOM_CLIENT_FILE}: its requires are not as expected`);
  const names = [...source.matchAll(EXPORTS)].map((match) => match[1]);
  if (names.length !== 3 || /\b(module\.exports|require\()/.test(source.replace(REQUIRES, '')))
    throw new Error(`${REACT_DOM_CLIENT_FILE}: its exports are not as expected (${names})`);
  return source
    .replace(
      REQUIRES,
      'import Scheduler from "scheduler";\nimport React from "react";\nimport ReactDOM from "react-dom";',
    )
    .replace(EXPORTS, 'export const $1 = ');
}

export function reactDomClientEsm(): Plugin {
  return {
    name: 'utsav-react-dom-client-esm',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: { alias: [{ find: /^react-dom\/client$/, replacement: REACT_DOM_CLIENT_FILE }] },
    }),
    transform(source, id) {
      if (id !== REACT_DOM_CLIENT_FILE) return null;
      return { code: reactDomClientAsModule(source), map: null };
    },
  };
}
