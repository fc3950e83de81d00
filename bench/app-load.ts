/**
 * What the first screen costs: gzip size of the JavaScript and CSS index.html loads up front, and
 * first contentful paint plus time to a usable dashboard in Chromium, against the local stack on
 * loopback (a throwaway embedded Postgres) and the production build served by `vite preview`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../tests/support/chromium';
import { build, preview } from 'vite';
import { startStack } from '../stack/src/stack';
import { BENCH_STACK } from './lib/client';
import { freePort } from '../stack/src/free-port';
import { type BenchRow, kib, ms } from './lib/report';
import { median } from './lib/stats';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, '.test-artifacts/bench-dist');
const RUNS = 5;
/** Assets index.html makes the browser fetch before the first render: entry, preloads, styles. */
function initialAssets(html: string): string[] {
  const pattern = /<(?:script[^>]*\bsrc|link[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*\bhref)="([^"]+)"/g;
  return [...html.matchAll(pattern)].map((match) => match[1] as string);
}

export async function measureAppLoad(): Promise<BenchRow[]> {
  const previewPort = await freePort();
  const stack = await startStack({ ...BENCH_STACK, dataDir: null, allowedOrigins: [`http://127.0.0.1:${previewPort}`] });
  process.env.VITE_SUPABASE_URL = stack.url;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  await build({ root: ROOT, logLevel: 'error', build: { outDir: OUT_DIR, emptyOutDir: true } });

  const html = readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8');
  const sizes = { js: 0, css: 0 };
  for (const asset of initialAssets(html)) {
    const gzipped = gzipSync(readFileSync(path.join(OUT_DIR, asset))).length;
    sizes[asset.endsWith('.css') ? 'css' : 'js'] += gzipped;
  }
  const initialBytes = sizes.js + sizes.css;

  const server = await preview({
    root: ROOT,
    logLevel: 'error',
    build: { outDir: OUT_DIR },
    preview: { port: previewPort, strictPort: true },
  });
  const appUrl = server.resolvedUrls?.local[0];
  const browser = await launchChromium();
  const paints: number[] = [];
  const usable: number[] = [];
  try {
    if (!appUrl) throw new Error('vite preview did not report a URL');
    for (let run = 0; run <= RUNS; run++) {
      // A fresh context each run: a first visit, with anonymous sign-in and an empty cache.
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(appUrl);
      await page.getByText('Total Revenue').waitFor();
      const readyAfter = Date.now() - started;
      const paint = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      );
      await context.close();
      if (run === 0) continue; // warm-up: the preview server's first compression of each file
      paints.push(paint);
      usable.push(readyAfter);
    }
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await stack.close();
  }

  const fcp = median(paints);
  return [
    {
      benchmark: 'app load',
      measure: 'initial JS + CSS, gzip',
      value: `${kib(sizes.js)} JS + ${kib(sizes.css)} CSS = ${initialBytes.toLocaleString('en')} bytes`,
      target: '< 250 KB (250,000 bytes)',
      met: initialBytes < 250 * 1000,
    },
    {
      benchmark: 'app load',
      measure: 'first contentful paint, median, loopback',
      value: ms(fcp),
      target: '< 1 s',
      met: fcp < 1000,
    },
    {
      benchmark: 'app load',
      measure: 'first visit to usable dashboard (sign-in + data), median',
      value: ms(median(usable)),
    },
  ];
}
