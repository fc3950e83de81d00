/**
 * A backend restart while the app is open (end to end): the app in Chromium, the stack on a
 * persisted data directory and a fixed port. The stack is stopped, the data changed while it is
 * down (so no realtime event can tell the app), the stack started again on the same port and
 * directory; the open page must show the current data without a reload, then keep following
 * live changes made after the restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../stack/src/db/embedded';
import { openTab, rowCells } from '../e2e/support/actions';
import { startRestartableEnvironment, type RestartableEnvironment } from '../e2e/support/environment';
import { freePort } from '../../stack/src/free-port';

/** The client reconnects after 1, 2, 5, then every 10 s: a restart must show within two of those. */
const RECOVERY_TIMEOUT_MS = 30_000;

let dataDir: string;
let environment: RestartableEnvironment;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ff-restart-'));
  environment = await startRestartableEnvironment({ dataDir, port: await freePort(), app: 'dev' });
});

afterAll(async () => {
  await environment?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The signed-in user's id and access token, from the session supabase-js keeps in localStorage. */
async function sessionOf(page: Page): Promise<{ userId: string; token: string }> {
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
    return key ? localStorage.getItem(key) : null;
  });
  if (!stored) throw new Error('the app stored no session');
  const session = JSON.parse(stored) as { access_token: string; user: { id: string } };
  return { userId: session.user.id, token: session.access_token };
}

/** An RPC as the app's user, from outside the browser (a second client of the same account). */
async function rpcAs(token: string, fn: string, args: Record<string, unknown>) {
  const { stack } = environment;
  const response = await fetch(`${stack.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${fn}: ${response.status} ${JSON.stringify(body)}`);
  return body as { id: string };
}

const stockShown = async (page: Page, sku: string) => (await rowCells(page, sku))[4];

describe('backend restart with the app open [embedded Postgres, end to end]', () => {
  it('shows data changed while the backend was down, without a reload, and follows live changes after', async () => {
    const context = await environment.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(environment.appUrl);
      await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
      const { userId, token } = await sessionOf(page);

      await rpcAs(token, 'create_product', { sku: 'RST-01', product_name: 'Restart Kurta', selling_price: 500, stock_on_hand: 10 });
      await openTab(page, 'Products');
      await expect.poll(() => stockShown(page, 'RST-01'), { timeout: 15_000, interval: 100 }).toBe('10');
      // Survives only if the page is never reloaded.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      const productId = (
        await environment.stack.db.query<{ id: string }>("select id from public.products where sku = 'RST-01' and user_id = $1", [userId])
      ).rows[0]!.id;

      // Down: the data changes behind the stack's back, as this user's sale, straight in the database.
      await environment.stopStack();
      const postgres = await startEmbeddedPostgres(dataDir);
      const db = new pg.Client(postgres.connection);
      try {
        await db.connect();
        await db.query('begin');
        await db.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: userId, role: 'authenticated' })]);
        await db.query("select public.log_sale($1, 3, 'Myntra')", [productId]);
        await db.query('commit');
      } finally {
        await db.end();
        await postgres.stop();
      }

      // Up again on the same port and directory: the page catches up on its own.
      await environment.startStack();
      const restarted = Date.now();
      await expect
        .poll(() => stockShown(page, 'RST-01'), { timeout: RECOVERY_TIMEOUT_MS, interval: 200 })
        .toBe('7');
      console.log(`backend-restart: the open page showed the change ${Date.now() - restarted} ms after the stack was back`);

      // And it is live again: a change after the restart arrives by realtime.
      await rpcAs(token, 'log_sale', { product_id: productId, quantity: 2 });
      await expect.poll(() => stockShown(page, 'RST-01'), { timeout: 15_000, interval: 100 }).toBe('5');

      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
