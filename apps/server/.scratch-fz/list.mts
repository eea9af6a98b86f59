import { z } from 'zod';
import { buildApp } from '/work/main/apps/server/src/app';
import { loadConfig } from '/work/main/apps/server/src/platform/config';
const config = { ...loadConfig({ DATA_DIR: '/tmp/fz/data', LOG_LEVEL: 'silent', DEMO_SEED: 'false' }), webDistDir: '/tmp/fz/none' };
const app = await buildApp(config);
await app.ready();
for (const r of app.routeCatalog) {
  const s: any = r.schema ?? {};
  const parts = ['body','querystring','params'].filter((k) => s[k]);
  console.log(r.method, r.url, parts.join(','), r.bodyLimit ?? '');
  for (const k of parts) { try { console.log('  ', k, JSON.stringify(z.toJSONSchema(s[k], { io: 'input', unrepresentable: 'any' })).slice(0, 600)); } catch (e) { console.log('  ', k, 'ERR', String(e)); } }
}
await app.close();
