/**
 * Stack start time on its embedded Postgres: with an empty data directory (initdb, starting the
 * server, platform SQL, every migration) and with an existing one (what `npm start` does every
 * day). Targets: cold start under 5 s, warm start under 1 s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStack } from '../stack/src/stack';
import { type BenchRow, ms, times } from './lib/report';
import { median } from './lib/stats';

const COLD_TARGET_MS = 5000;
const WARM_TARGET_MS = 1000;

async function timedStart(dataDir: string): Promise<number> {
  const startedAt = performance.now();
  const stack = await startStack({ port: 0, dataDir, quiet: true });
  const elapsed = performance.now() - startedAt;
  await stack.close();
  return elapsed;
}

export async function measureStackStart(runs = 5): Promise<BenchRow[]> {
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
  const coldMedian = median(cold);
  const warmMedian = median(warm);
  return [
    {
      benchmark: 'stack start, embedded Postgres',
      measure: 'empty data directory, median',
      value: ms(coldMedian),
      target: `< ${COLD_TARGET_MS} ms`,
      met: coldMedian < COLD_TARGET_MS,
    },
    {
      benchmark: 'stack start, embedded Postgres',
      measure: 'existing data directory, median',
      value: ms(warmMedian),
      ratio: `${times(coldMedian / warmMedian)} faster than empty`,
      target: `< ${WARM_TARGET_MS} ms`,
      met: warmMedian < WARM_TARGET_MS,
    },
  ];
}
