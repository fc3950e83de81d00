/**
 * Stack start time on PGlite: with an empty data directory (initdb, platform SQL, every migration)
 * and with an existing one (what `npm start` does every day). Target: warm start under 2 s.
 *
 *   npx tsx bench/stack-start.ts [runs]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startStack } from '../stack/src/stack';

const WARM_TARGET_MS = 2000;

async function timedStart(dataDir: string): Promise<number> {
  const startedAt = performance.now();
  const stack = await startStack({ port: 0, dataDir, quiet: true });
  const elapsed = performance.now() - startedAt;
  await stack.close();
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export async function measureStackStart(runs = 5) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < runs; run++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-bench-start-'));
    try {
      cold.push(await timedStart(dataDir));
      warm.push(await timedStart(dataDir));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { cold, warm, coldMedian: median(cold), warmMedian: median(warm) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = Math.max(5, Number(process.argv[2] ?? 5));
  const result = await measureStackStart(runs);
  const format = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  console.log(`stack start, PGlite, ${runs} runs each`);
  console.log(`  empty data directory:    median ${result.coldMedian.toFixed(0)} ms  (${format(result.cold)})`);
  console.log(`  existing data directory: median ${result.warmMedian.toFixed(0)} ms  (${format(result.warm)})`);
  const met = result.warmMedian < WARM_TARGET_MS;
  console.log(`  warm start target < ${WARM_TARGET_MS} ms: ${met ? 'met' : 'NOT met'}`);
}
