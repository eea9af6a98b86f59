import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/free-port';

const root = path.resolve(import.meta.dirname, '../..');

export interface BenchServer {
  url: string;
  child: ChildProcess;
  close: () => Promise<void>;
}

/**
 * The real server (bench/web/serve.ts, in its own process so a measuring browser's driver never shares its
 * event loop) on a built web folder, with a fresh data folder and the demo seed.
 */
export async function startBenchServer(webDistDir: string): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'utsav-bench-web-data-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/web/serve.ts'), webDistDir, String(port), dataDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, child, close };
}
