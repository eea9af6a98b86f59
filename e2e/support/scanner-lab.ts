import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

// The scanner engine's test page (apps/web/scanner-lab.html) built on its own and served as static files:
// used by e2e/scanner-engine.test.ts (behaviour) and bench/web/run.ts (decode latency).

const webRoot = path.resolve(import.meta.dirname, '../../apps/web');

/** The shape of a real ticket code: a version prefix and ~133 base64url characters of payload and signature. */
export const TICKET_SHAPED_CODE = `UT1.${'eyJ0IjoiMDFKOFo3UTRSNkI5WDJNM0s1VjhOMUMwRDciLCJlIjoiZXZ0XzIwMjYifQ'}.${'Qk3x_9vL2mN8pR4tY7wZ1aC5eG0hJ6kS3uX9bD2fH8jL4nP7qT1vW5yA0cE6gI3kM9oR2sU8wZ4bF7dH1jK'}`;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};

export async function buildScannerLab(outDir: string, logLevel: 'warn' | 'error' = 'warn'): Promise<void> {
  await build({
    root: webRoot,
    configFile: false,
    logLevel,
    plugins: [react(), tailwindcss()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: { input: path.join(webRoot, 'scanner-lab.html') },
    },
  });
}

export interface ServedLab {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Serves a built folder on 127.0.0.1 with extra headers on every file; onServe hears each file sent. */
export async function serveLab(
  outDir: string,
  options: { headers?: Record<string, string>; onServe?: (urlPath: string, type: string) => void } = {},
): Promise<ServedLab> {
  const server = createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://x').pathname;
    const file = path.join(outDir, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
    try {
      const body = readFileSync(file);
      const type = MIME[path.extname(file)] ?? 'application/octet-stream';
      options.onServe?.(urlPath, type);
      response.writeHead(200, { 'content-type': type, ...options.headers });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    server,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
