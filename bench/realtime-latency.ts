/**
 * Realtime latency: one client writes (create_raw_material through REST), another client of the
 * same user (another tab or device) hears the INSERT through postgres_changes, filtered to the
 * user as the app subscribes. Measured from issuing the write to the event's arrival, one write
 * at a time, on the stack's embedded Postgres and on a Postgres cluster of DATABASE_URL's kind. The REST round trip alone is shown alongside, so
 * the share realtime adds is visible. Target: p95 < 100 ms on loopback.
 *
 *   npx tsx bench/realtime-latency.ts [events]    (DATABASE_URL: use that Postgres server)
 */
import { startStack } from '../stack/src/stack';
import { BENCH_STACK, benchClient } from './lib/client';
import { createMigratedDatabase, withDataDir } from './lib/cluster';
import { type BenchRow, ms } from './lib/report';
import { percentile } from './lib/stats';

const TARGET_P95_MS = 100;
const WARMUP = 10;
/** A missing event fails the run instead of hanging it. */
const EVENT_TIMEOUT_MS = 5_000;

interface Figures {
  eventLatencies: number[];
  writeLatencies: number[];
}

async function measureOn(stackOptions: Parameters<typeof startStack>[0], events: number): Promise<Figures> {
  const stack = await startStack({ ...BENCH_STACK, ...stackOptions });
  const writer = benchClient(stack.url, stack.anonKey);
  const listener = benchClient(stack.url, stack.anonKey);
  try {
    const { data, error } = await writer.auth.signInAnonymously();
    if (error || !data.session || !data.user) throw new Error(`sign-in failed: ${error?.message}`);
    await listener.realtime.setAuth(data.session.access_token);

    const arrivals = new Map<string, (arrivedAt: number) => void>();
    await new Promise<void>((resolve, reject) => {
      listener
        .channel('bench-latency')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'raw_materials', filter: `user_id=eq.${data.user!.id}` },
          (payload) => arrivals.get(String(payload.new.material_name))?.(performance.now()),
        )
        .subscribe((status, err) => {
          if (status === 'SUBSCRIBED') resolve();
          else reject(new Error(`subscribe: ${status} ${err?.message ?? ''}`));
        });
    });

    const figures: Figures = { eventLatencies: [], writeLatencies: [] };
    for (let i = 0; i < WARMUP + events; i++) {
      const name = `Bench material ${i}`;
      const heard = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no event for ${name} in ${EVENT_TIMEOUT_MS} ms`)),
          EVENT_TIMEOUT_MS,
        );
        arrivals.set(name, (arrivedAt) => {
          clearTimeout(timer);
          resolve(arrivedAt);
        });
      });
      const issuedAt = performance.now();
      const { error: writeError } = await writer.rpc('create_raw_material', { material_name: name });
      if (writeError) throw new Error(`write failed: ${writeError.message}`);
      const acknowledgedAt = performance.now();
      const arrivedAt = await heard;
      arrivals.delete(name);
      if (i < WARMUP) continue;
      figures.eventLatencies.push(arrivedAt - issuedAt);
      figures.writeLatencies.push(acknowledgedAt - issuedAt);
    }
    return figures;
  } finally {
    await listener.removeAllChannels();
    await stack.close();
  }
}

function rows(database: string, figures: Figures): BenchRow[] {
  const p95 = percentile(figures.eventLatencies, 95);
  const benchmark = `realtime latency (${database})`;
  return [
    {
      benchmark,
      measure: `write → event at another client, p50 (n=${figures.eventLatencies.length})`,
      value: ms(percentile(figures.eventLatencies, 50)),
    },
    {
      benchmark,
      measure: 'write → event at another client, p95',
      value: ms(p95),
      target: `< ${TARGET_P95_MS} ms`,
      met: p95 < TARGET_P95_MS,
    },
    { benchmark, measure: 'the REST write alone, p50', value: ms(percentile(figures.writeLatencies, 50)) },
  ];
}

/** ≥ 100 events on the embedded Postgres and on the Postgres server at clusterUrl. */
export async function measureRealtimeLatency(clusterUrl: string, events = 100): Promise<BenchRow[]> {
  const count = Math.max(100, events);
  const embedded = await withDataDir((dataDir) => measureOn({ dataDir }, count));
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_realtime_latency');
  const postgres = await measureOn({ databaseUrl }, count);
  return [...rows('embedded Postgres', embedded), ...rows('Postgres cluster', postgres)];
}
