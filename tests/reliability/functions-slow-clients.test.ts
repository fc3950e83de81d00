/**
 * A hostile neighbour against the functions gateway (issue 27): sockets that send their request
 * slowly, to a made-up webhook token, must not take the gateway's 32 function slots from the
 * shop's genuine orders. The gateway reads a body before it takes a slot, and gives each request
 * a deadline: its headers within headersMs (Node's headersTimeout), a function's body within
 * bodyMs; a client slower than that gets 408 and its connection closed. Short deadlines here
 * (production: 10 s and 30 s); loopback only, a bounded number of sockets, each for a bounded time.
 */
import { createClient } from '@supabase/supabase-js';
import { createHmac, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_JWT_SECRET } from '../../stack/src/config';
import { startStack, type RunningStack } from '../../stack/src/stack';
import { rpcOk, signIn } from './support';

const HEADERS_MS = 1500;
const BODY_MS = 3000;
/** More slow bodies than the gateway has function slots (32). */
const SLOW_BODIES = 40;
const SLOW_HEADERS = 5;
const GENUINE_ORDERS = 20;
/** A slow client gives up by itself after this, so the suite is bounded even if no deadline fires. */
const CLIENT_GIVES_UP_MS = BODY_MS + 4000;

const serverUrl = process.env.DATABASE_URL;
let databaseName: string;
let stack: RunningStack;
let port: number;
let webhook: { endpoint_token: string; signing_secret: string };
let ordersSent = 0;

async function asAdmin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!serverUrl) throw new Error('DATABASE_URL is not set: point it at a Postgres 15 superuser URL (npm test does)');
  databaseName = `ff_${randomBytes(6).toString('hex')}`;
  await asAdmin(`create database ${databaseName}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  stack = await startStack({
    port: 0,
    databaseUrl: databaseUrl.toString(),
    jwtSecret: DEMO_JWT_SECRET,
    quiet: true,
    deadlines: { headersMs: HEADERS_MS, bodyMs: BODY_MS },
  });
  port = Number(new URL(stack.url).port);

  const owner = await signIn({
    newClient: () => createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } }),
  });
  await rpcOk(owner, 'create_product', { sku: 'WEB-1', product_name: 'Web hat', selling_price: 100, stock_on_hand: 1000 });
  webhook = (await rpcOk<(typeof webhook)[]>(owner, 'create_website_webhook'))[0]!;
});

afterAll(async () => {
  await stack?.close();
  if (databaseName) await asAdmin(`drop database if exists ${databaseName} with (force)`);
});

/** A Shopify order for one unit of WEB-1, signed with the webhook's secret, as the shop sends it. */
async function genuineOrder(): Promise<{ status: number; body: unknown; at: number }> {
  const body = JSON.stringify({ name: `#S${(ordersSent += 1)}`, line_items: [{ sku: 'WEB-1', quantity: 1 }] });
  const response = await fetch(`${stack.url}/functions/v1/website-orders/${webhook.endpoint_token}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': createHmac('sha256', webhook.signing_secret).update(body).digest('base64'),
    },
    body,
  });
  return { status: response.status, body: await response.json(), at: performance.now() };
}

interface SlowOutcome {
  /** The status line's code, or null if the server never answered. */
  status: number | null;
  /** From the first byte sent to the answer (or to giving up). */
  elapsedMs: number;
  answeredAt: number;
}

/**
 * A raw socket that sends `head` slowly or at once, then the rest one byte every 200 ms, until the
 * server answers or closes, or CLIENT_GIVES_UP_MS pass.
 */
function slowClient(kind: 'body' | 'headers'): Promise<SlowOutcome> {
  const madeUpToken = randomBytes(16).toString('hex');
  const requestHead =
    `POST /functions/v1/website-orders/${madeUpToken} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    'Content-Type: application/json\r\nX-Shopify-Hmac-Sha256: AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\r\n' +
    'Content-Length: 100000\r\n\r\n';
  // A body client sends its headers at once and trickles the body; a headers client trickles them.
  const [sentAtOnce, trickled] = kind === 'body' ? [requestHead, '{'.padEnd(100_000, ' ')] : ['POST', requestHead.slice(4)];
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let received = '';
    let sent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(trickle);
      clearTimeout(giveUp);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      const now = performance.now();
      resolve({ status: status ? Number(status) : null, elapsedMs: now - started, answeredAt: now });
    };
    const trickle = setInterval(() => {
      if (sent < trickled.length && socket.writable) socket.write(trickled[sent++]!);
    }, 200);
    const giveUp = setTimeout(finish, CLIENT_GIVES_UP_MS);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => {});
    socket.write(sentAtOnce);
  });
}

it('slow clients to a made-up token hold no function slot: every genuine order goes through, and each slow client gets 408 at its deadline', async () => {
  // The function's first request starts its Deno process: not part of what is measured.
  expect((await genuineOrder()).status).toBe(200);

  const slowBodies = Array.from({ length: SLOW_BODIES }, () => slowClient('body'));
  const slowHeaders = Array.from({ length: SLOW_HEADERS }, () => slowClient('headers'));
  // Every slow request is in the gateway (headers read, body trickling) before the orders come.
  await new Promise((resolve) => setTimeout(resolve, 400));

  const genuine: Awaited<ReturnType<typeof genuineOrder>>[] = [];
  for (let batch = 0; batch < GENUINE_ORDERS / 5; batch++) {
    genuine.push(...(await Promise.all(Array.from({ length: 5 }, () => genuineOrder()))));
  }
  const bodies = await Promise.all(slowBodies);
  const headers = await Promise.all(slowHeaders);

  expect(genuine.map(({ status, body }) => ({ status, body }))).toEqual(
    Array.from({ length: GENUINE_ORDERS }, () => ({ status: 200, body: { sales: 1, skipped: 0, refused: 0 } })),
  );
  // The orders went through while all 40 slow bodies were still arriving.
  const lastOrder = Math.max(...genuine.map((order) => order.at));
  const firstTimeout = Math.min(...bodies.map((slow) => slow.answeredAt));
  expect(lastOrder).toBeLessThan(firstTimeout);

  for (const [kind, outcomes, deadline] of [['body', bodies, BODY_MS], ['headers', headers, HEADERS_MS]] as const) {
    for (const outcome of outcomes) {
      expect({ kind, status: outcome.status }).toEqual({ kind, status: 408 });
      expect(outcome.elapsedMs).toBeGreaterThanOrEqual(deadline - 50);
      // Node checks header deadlines on an interval (a quarter of the deadline, at most 1 s).
      expect(outcome.elapsedMs).toBeLessThan(deadline + 1500);
    }
  }

  // The stock moved once per genuine order, and nothing else was written.
  const { rows } = await stack.db.query<{ sales: number; stock: number }>(
    "select (select count(*)::int from public.sales_orders) as sales, (select stock_on_hand::int from public.products where sku = 'WEB-1') as stock",
  );
  expect(rows[0]).toEqual({ sales: GENUINE_ORDERS + 1, stock: 1000 - GENUINE_ORDERS - 1 });
  // And the gateway still serves.
  expect((await genuineOrder()).status).toBe(200);
});
