import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './cluster-harness';

// The real entry point (`node --import tsx apps/server/src/main.ts`) as a deployment starts it.

describe('start-up', () => {
  it('refuses the development stand-ins under NODE_ENV=production: exit 1, one message naming what to set', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'utsav-startup-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: REPO_ROOT,
        // Only what a careless deployment would set: no Firebase, no Razorpay.
        env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output.match(/Refusing to start/g)).toHaveLength(1);
      expect(output).toContain('FIREBASE_PROJECT_ID');
      expect(output).toContain('PAYMENTS=razorpay with RAZORPAY_KEY_ID');
      expect(output).toContain('ALLOW_STAND_INS=true');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
