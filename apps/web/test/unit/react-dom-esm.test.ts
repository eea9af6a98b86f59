import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REACT_DOM_CLIENT_FILE, reactDomClientAsModule } from '../../build/react-dom-esm';

describe('React DOM client as an ES module (the build)', () => {
  it('turns the installed react-dom client into a module with its three exports and no require', () => {
    const module = reactDomClientAsModule(readFileSync(REACT_DOM_CLIENT_FILE, 'utf8'));
    expect(module).toContain('import Scheduler from "scheduler";');
    expect(module).toMatch(/^export const createRoot = /m);
    expect(module).toMatch(/^export const hydrateRoot = /m);
    expect(module).toMatch(/^export const version = /m);
    expect(module).not.toMatch(/\brequire\(|\bexports\./);
  });

  it('refuses a file laid out differently, so an upgrade of React is looked at', () => {
    expect(() => reactDomClientAsModule('module.exports = require("./other");')).toThrow(/requires/);
  });
});
