/**
 * Realtime filters (issue 27): one anonymous user tries what took another user's log_sale from
 * 10 ms to 136 ms p50 and their realtime events from 12 ms to 155 ms: 10 sockets x 100 channels x
 * 100 distinct filters `id=eq.<random uuid>` on the tables a sale changes. The stack accepts the
 * first 1,000 distinct filters and refuses the joins past them; the user holds those while another
 * user logs sales through REST and hears each sale's INSERT on a channel filtered to themselves, as
 * the app subscribes. Measured: the other user's `log_sale` p50 and the sale's event p50 (from the
 * call to the event), alone and while the filters are held, in alternating blocks (the filters
 * joined again for each) so that the machine's load drifts into both alike. Targets: both ratios < 2x.
 *
 *   npm run bench -- fan-out        (with the fan-out rows)
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { startStack } from '../stack/src/stack';
import { BENCH_STACK, benchClient } from './lib/client';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, ms, times } from './lib/report';
import { median } from './lib/stats';

const TARGET_RATIO = 2;
const SOCKETS = 10;
const CHANNELS_PER_SOCKET = 100;
const FILTERS_PER_CHANNEL = 100;
const ROUNDS = 3;
const SALES_PER_BLOCK = 20;
/** Sales at the start of each block that are not counted (connections, caches, closing sockets). */
const WARMUP_PER_BLOCK = 3;
/** A reply or event not received in this time fails the run instead of hanging it. */
const TIMEOUT_MS = 10_000;

/** Joins CHANNELS_PER_SOCKET channels of distinct filters one after another; returns the socket and how many joins were accepted. */
async function holdFilters(url: string, apikey: string, token: string, socketIndex: number) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let accepted = 0;
  for (let i = 0; i < CHANNELS_PER_SOCKET; i++) {
    const ref = String(i + 1);
    const replied = new Promise<boolean>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to join ${ref}`)), TIMEOUT_MS);
      const onMessage = (data: WebSocket.RawData) => {
        const [, replyRef, , event, payload] = JSON.parse(data.toString()) as [
          unknown,
          string,
          string,
          string,
          { status: string },
        ];
        if (event !== 'phx_reply' || replyRef !== ref) return;
        clearTimeout(timer);
        socket.off('message', onMessage);
        resolve(payload.status === 'ok');
      };
      socket.on('message', onMessage);
    });
    const postgres_changes = Array.from({ length: FILTERS_PER_CHANNEL }, (_, entry) => ({
      event: '*',
      schema: 'public',
      table: entry % 2 === 0 ? 'products' : 'sales_orders',
      filter: `id=eq.${randomUUID()}`,
    }));
    const config = { postgres_changes, broadcast: {}, presence: {} };
    socket.send(
      JSON.stringify([ref, ref, `realtime:filters-${socketIndex}-${i}`, 'phx_join', { config, access_token: token }]),
    );
    if (await replied) accepted++;
  }
  return { socket, accepted };
}

function closeSocket(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    socket.once('close', () => resolve());
    socket.close();
  });
}

export async function measureRealtimeFilters(clusterUrl: string): Promise<BenchRow[]> {
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_realtime_filters');
  const stack = await startStack({ ...BENCH_STACK, databaseUrl });
  const sockets: WebSocket[] = [];
  const seller = benchClient(stack.url, stack.anonKey);
  try {
    const hoarder = benchClient(stack.url, stack.anonKey);
    const signedIn = await Promise.all([seller.auth.signInAnonymously(), hoarder.auth.signInAnonymously()]);
    const failed = signedIn.find(({ error, data }) => error || !data.session);
    if (failed) throw new Error(`sign-in failed: ${failed.error?.message}`);
    const sellerId = signedIn[0].data.user!.id;
    const hoarderToken = signedIn[1].data.session!.access_token;

    const { data: product, error } = await seller.rpc('create_product', {
      sku: 'FILTERS-1',
      product_name: 'Filtered tee',
      selling_price: 100,
      stock_on_hand: 1_000_000,
      reorder_point: 0,
      bom: [],
    });
    if (error || !product) throw new Error(`create_product failed: ${error?.message}`);

    // The seller's own tab, as the app subscribes: their sales, filtered to them.
    let heard: ((at: number) => void) | null = null;
    await new Promise<void>((resolve, reject) => {
      seller
        .channel('own-sales')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'sales_orders', filter: `user_id=eq.${sellerId}` },
          () => heard?.(performance.now()),
        )
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') resolve();
          else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(`seller channel: ${status}`));
        });
    });

    const timeSales = async (sales: number[], events: number[]) => {
      for (let i = 0; i < WARMUP_PER_BLOCK + SALES_PER_BLOCK; i++) {
        const started = performance.now();
        const arrived = new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no event for a sale')), TIMEOUT_MS);
          heard = (at) => {
            clearTimeout(timer);
            resolve(at);
          };
        });
        const { error: saleError } = await seller.rpc('log_sale', { product_id: product.id, quantity: 1 });
        if (saleError) throw new Error(`log_sale failed: ${saleError.message}`);
        const answered = performance.now();
        const eventAt = await arrived;
        if (i >= WARMUP_PER_BLOCK) {
          sales.push(answered - started);
          events.push(eventAt - started);
        }
      }
    };

    const alone = { sales: [] as number[], events: [] as number[] };
    const crowded = { sales: [] as number[], events: [] as number[] };
    let accepted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await timeSales(alone.sales, alone.events);
      const held = await Promise.all(
        Array.from({ length: SOCKETS }, (_, i) => holdFilters(stack.url, stack.anonKey, hoarderToken, i)),
      );
      sockets.push(...held.map(({ socket }) => socket));
      accepted = held.reduce((sum, { accepted: joins }) => sum + joins, 0);
      await timeSales(crowded.sales, crowded.events);
      await Promise.all(sockets.splice(0).map(closeSocket));
    }
    const saleRatio = median(crowded.sales) / median(alone.sales);
    const eventRatio = median(crowded.events) / median(alone.events);
    const benchmark = 'realtime filters (Postgres)';
    const held = `${accepted * FILTERS_PER_CHANNEL} distinct filters (${accepted} of ${SOCKETS * CHANNELS_PER_SOCKET} joins of ${FILTERS_PER_CHANNEL} accepted)`;
    return [
      {
        benchmark,
        measure: `another user's log_sale through REST, p50 alone (n=${alone.sales.length})`,
        value: ms(median(alone.sales)),
      },
      {
        benchmark,
        measure: `the same while one user holds ${held}`,
        value: ms(median(crowded.sales)),
        ratio: times(saleRatio),
        target: `< ${TARGET_RATIO}x`,
        met: saleRatio < TARGET_RATIO,
      },
      { benchmark, measure: `that user's sale event (call to event), p50 alone`, value: ms(median(alone.events)) },
      {
        benchmark,
        measure: `the same while the other user holds the filters`,
        value: ms(median(crowded.events)),
        ratio: times(eventRatio),
        target: `< ${TARGET_RATIO}x`,
        met: eventRatio < TARGET_RATIO,
      },
    ];
  } finally {
    for (const socket of sockets) socket.close();
    await seller.removeAllChannels();
    await stack.close();
  }
}
