/**
 * Realtime fan-out: one anonymous user holds 1,000 channels (10 sockets of 100, the most a socket
 * may hold), each bound to every change in schema public, while another user logs sales through
 * REST. Every sale commits changes those channels cover, and the realtime server decides what
 * each subscriber may see; that work must not slow the other user. Measured: the other user's
 * `log_sale` p50 alone and while the 1,000 channels are held, one sale at a time, on Postgres, in
 * alternating blocks (the channels joined again for each) so that the machine's load drifts
 * into both alike. Target: the ratio < 2x.
 *
 *   npm run bench -- fan-out
 */
import WebSocket from 'ws';
import { startStack } from '../stack/src/stack';
import { BENCH_STACK, benchClient } from './lib/client';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, ms, times } from './lib/report';
import { median } from './lib/stats';
import { measureRealtimeFilters } from './realtime-filters';

const TARGET_RATIO = 2;
const SOCKETS = 10;
const CHANNELS_PER_SOCKET = 100;
const ROUNDS = 5;
const SALES_PER_BLOCK = 20;
/** Sales at the start of each block that are not counted (connections, caches, closing sockets). */
const WARMUP_PER_BLOCK = 3;
/** A join not answered in this time fails the run instead of hanging it. */
const REPLY_TIMEOUT_MS = 10_000;

/** A raw Phoenix socket that joins channels one after another, as a hostile client would. */
async function holdChannels(url: string, apikey: string, token: string, socketIndex: number): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  for (let i = 0; i < CHANNELS_PER_SOCKET; i++) {
    const ref = String(i + 1);
    const replied = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to join ${ref}`)), REPLY_TIMEOUT_MS);
      const onMessage = (data: WebSocket.RawData) => {
        const [, replyRef, , event, payload] = JSON.parse(data.toString()) as [unknown, string, string, string, { status: string }];
        if (event !== 'phx_reply' || replyRef !== ref) return;
        clearTimeout(timer);
        socket.off('message', onMessage);
        if (payload.status === 'ok') resolve();
        else reject(new Error(`join refused: ${JSON.stringify(payload)}`));
      };
      socket.on('message', onMessage);
    });
    const config = { postgres_changes: [{ event: '*', schema: 'public' }], broadcast: {}, presence: {} };
    socket.send(JSON.stringify([ref, ref, `realtime:fan-out-${socketIndex}-${i}`, 'phx_join', { config, access_token: token }]));
    await replied;
  }
  return socket;
}

function closeSocket(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    socket.once('close', () => resolve());
    socket.close();
  });
}

/** The fan-out rows, then those of one user's many distinct filters (realtime-filters.ts). */
export async function measureRealtimeFanout(clusterUrl: string): Promise<BenchRow[]> {
  return [...(await measureChannels(clusterUrl)), ...(await measureRealtimeFilters(clusterUrl))];
}

async function measureChannels(clusterUrl: string): Promise<BenchRow[]> {
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_realtime_fanout');
  const stack = await startStack({ ...BENCH_STACK, databaseUrl });
  const sockets: WebSocket[] = [];
  try {
    const seller = benchClient(stack.url, stack.anonKey);
    const hoarder = benchClient(stack.url, stack.anonKey);
    const signedIn = await Promise.all([seller.auth.signInAnonymously(), hoarder.auth.signInAnonymously()]);
    const failed = signedIn.find(({ error, data }) => error || !data.session);
    if (failed) throw new Error(`sign-in failed: ${failed.error?.message}`);
    const hoarderToken = signedIn[1].data.session!.access_token;

    const { data: product, error } = await seller.rpc('create_product', {
      sku: 'FANOUT-1',
      product_name: 'Fan-out tee',
      selling_price: 100,
      stock_on_hand: 1_000_000,
      reorder_point: 0,
      bom: [],
    });
    if (error || !product) throw new Error(`create_product failed: ${error?.message}`);
    const timeSales = async (samples: number[]) => {
      for (let i = 0; i < WARMUP_PER_BLOCK + SALES_PER_BLOCK; i++) {
        const started = performance.now();
        const { error: saleError } = await seller.rpc('log_sale', { product_id: product.id, quantity: 1 });
        if (saleError) throw new Error(`log_sale failed: ${saleError.message}`);
        if (i >= WARMUP_PER_BLOCK) samples.push(performance.now() - started);
      }
    };

    const aloneSamples: number[] = [];
    const crowdedSamples: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await timeSales(aloneSamples);
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: SOCKETS }, (_, i) => holdChannels(stack.url, stack.anonKey, hoarderToken, i)),
        )),
      );
      await timeSales(crowdedSamples);
      await Promise.all(sockets.splice(0).map(closeSocket));
    }
    const alone = median(aloneSamples);
    const crowded = median(crowdedSamples);
    const ratio = crowded / alone;
    const benchmark = 'realtime fan-out (Postgres)';
    return [
      { benchmark, measure: `another user's log_sale through REST, p50 alone (n=${aloneSamples.length})`, value: ms(alone) },
      {
        benchmark,
        measure: `the same while one user holds ${SOCKETS * CHANNELS_PER_SOCKET} channels on schema public`,
        value: ms(crowded),
        ratio: times(ratio),
        target: `< ${TARGET_RATIO}x`,
        met: ratio < TARGET_RATIO,
      },
    ];
  } finally {
    for (const socket of sockets) socket.close();
    await stack.close();
  }
}
