// @ts-nocheck
import { chromium } from 'playwright-core';
import { createServer, build, preview } from 'vite';
import { startStack } from '../stack/src/stack';
import { RELAXED_AUTH_RATE_LIMITS } from '../stack/src/auth/rate-limit';
const devPort = 47001, prevPort = 47002;
const stack = await startStack({ port: 0, dataDir: null, quiet: true, rateLimits: RELAXED_AUTH_RATE_LIMITS,
  allowedOrigins: [`http://127.0.0.1:${devPort}`, `http://127.0.0.1:${prevPort}`] });
process.env.VITE_SUPABASE_URL = stack.url; process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
const vite = await createServer({ configFile: 'vite.config.ts', logLevel: 'error', server: { port: devPort, strictPort: true, hmr: false } });
await vite.listen();
let t = performance.now();
await build({ configFile: 'vite.config.ts', logLevel: 'error', build: { outDir: '/tmp/prof/dist' } });
console.log('build ms', (performance.now() - t).toFixed(0));
const prev = await preview({ configFile: 'vite.config.ts', logLevel: 'error', build: { outDir: '/tmp/prof/dist' }, preview: { port: prevPort, strictPort: true } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const round of [1, 2, 3]) for (const [name, port] of [['dev', devPort], ['build', prevPort]]) {
  const ctx = await browser.newContext(); const page = await ctx.newPage();
  let n = 0; page.on('request', () => n++);
  t = performance.now();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor({ timeout: 60000 });
  console.log(name, 'load ms', (performance.now() - t).toFixed(0), 'requests', n);
  await ctx.close();
}
await browser.close(); await prev.close(); await vite.close(); await stack.close();
