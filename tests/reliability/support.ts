/**
 * Shared by the reliability suites: signed-in users, RPC calls with their HTTP status, raw
 * requests, the ledger invariant through the stack's superuser connection, and a raw realtime
 * socket that records every frame the server sends.
 */
import type pg from 'pg';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../stack/src/db/database';
import { rpcOk, type TestStack, type User } from '../contract/harness';
import { discrepancies } from '../db/support';

// One sign-in and one RPC call for contract and reliability suites alike, in the contract harness.
export { rpc, rpcOk, signIn, type CallOutcome, type User } from '../contract/harness';

export async function createMaterial(user: User, name: string, stock: number): Promise<string> {
  const row = await rpcOk<{ id: string }>(user, 'create_raw_material', {
    material_name: name,
    cost_per_unit: 1,
    stock_level: stock,
    reorder_point: 0,
  });
  return row.id;
}

export async function createProduct(
  user: User,
  name: string,
  stock: number,
  bom: { material_id: string; quantity: number }[] = [],
): Promise<string> {
  const row = await rpcOk<{ id: string }>(user, 'create_product', {
    sku: `SKU-${name}`,
    product_name: name,
    selling_price: 100,
    stock_on_hand: stock,
    reorder_point: 0,
    bom,
  });
  return row.id;
}

/** A raw request as supabase-js sends it, with a bearer token of the caller's choosing. */
export function request(
  stack: TestStack,
  token: string,
  route: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${stack.url}${route}`, {
    method: init.method ?? 'GET',
    body: init.body,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
}

export function superuser(stack: TestStack): Database {
  if (!stack.db) throw new Error('these suites need the local stack (superuser access to its database)');
  return stack.db;
}

/** The ledger invariant of tests/db (stock = sum of movements, running balances), through the stack's database. */
export function ledgerProblems(stack: TestStack, userId: string): Promise<string[]> {
  const db = superuser(stack);
  // discrepancies only calls query(sql, params) and reads rows, which Database provides.
  return discrepancies(db as unknown as pg.Pool, userId);
}

/** Every row of every table that belongs to a user, as the superuser reads it, for before/after comparisons. */
export async function snapshotOf(stack: TestStack, userId: string): Promise<Record<string, unknown[]>> {
  const db = superuser(stack);
  const snapshot: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLE_ORDER)) {
    const { rows } = await db.query(`select * from public.${table} where user_id = $1 order by ${order}`, [userId]);
    snapshot[table] = rows;
  }
  return snapshot;
}

const TABLE_ORDER: Record<string, string> = {
  products: 'id',
  raw_materials: 'id',
  bom_items: 'product_id, material_id',
  sales_orders: 'id',
  manufacturing_orders: 'id',
  stock_movements: 'id',
  platform_fees: 'platform',
  styles: 'id',
  style_variants: 'product_id',
  style_bom_items: 'style_id, material_id',
  sales_returns: 'id',
  return_claims: 'id',
  suppliers: 'id',
  purchase_units: 'id',
  purchase_orders: 'id',
  purchase_order_lines: 'id',
  sku_aliases: 'id',
  combo_components: 'combo_id, component_id',
  channel_settings: 'platform',
  channel_stock_files: 'platform, alias',
  business_profiles: 'user_id',
  invoices: 'id',
  invoice_lines: 'id',
  credit_notes: 'id',
  credit_note_lines: 'id',
  supplier_payments: 'id',
  tally_exports: 'id',
  tally_exported_vouchers: 'voucher_key',
  customers: 'id',
  customer_payments: 'id',
  customer_payment_allocations: 'id',
  locations: 'id',
  location_stock: 'location_id, product_id, material_id',
  delivery_challans: 'id',
  delivery_challan_lines: 'id',
  job_work_orders: 'id',
  job_work_order_lines: 'id',
  job_work_receipts: 'id',
  item_tax_backfills: 'product_id',
};
export const TABLES = Object.keys(TABLE_ORDER);
/**
 * The users' tables of public that no isolation area attacks yet, each a gap to close (by an area in
 * isolation/ and a line in TABLE_ORDER). isolation.test.ts fails on a table in neither list, so a
 * new table cannot go unattacked unnoticed.
 */
export const TABLES_WITHOUT_AREA = [
  'bom_subassemblies',
  'product_day_totals',
  'product_period_starts',
  'product_period_totals',
  'product_sales_totals',
  'sales_day_totals',
  'sales_figure_changes',
  'sales_order_counts',
  'settlement_lines',
  'shopify_connections',
  'website_order_refusals',
  'website_order_shipping',
  'website_webhooks',
];
/** The tables in publication supabase_realtime. */
export const LIVE_TABLES = [
  'products',
  'raw_materials',
  'sales_orders',
  'manufacturing_orders',
  'platform_fees',
  'styles',
  'sales_returns',
  'return_claims',
  'suppliers',
  'purchase_units',
  'purchase_orders',
];

export async function countRows(stack: TestStack): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await superuser(stack).query<{ n: number }>(`select count(*)::int as n from public.${table}`);
    counts[table] = rows[0]!.n;
  }
  return counts;
}

export function expectNoLedgerProblems(problems: string[]): void {
  expect(problems).toEqual([]);
}

// Raw realtime --------------------------------------------------------------------------------

export interface Binding {
  event: string;
  schema: string;
  /** Absent: every table of the schema. */
  table?: string;
  filter?: string;
}

export interface ChangeEvent {
  ids: number[];
  data: { table: string; type: string; record?: Record<string, unknown>; old_record?: Record<string, unknown> };
}

/**
 * A Phoenix vsn 2.0.0 socket that records every frame, so a test sees everything the server sent,
 * not only what realtime-js would dispatch.
 */
export class RawRealtime {
  readonly frames: unknown[][] = [];
  private waiters: { match: (frame: unknown[]) => boolean; resolve: (frame: unknown[]) => void }[] = [];
  private ref = 0;
  private joinRefs = new Map<string, string>();

  /** Resolves with the close code and reason once the socket closes, from either side. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = JSON.parse(data.toString()) as unknown[];
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
  }

  static async open(stack: TestStack, apikey = stack.anonKey): Promise<RawRealtime> {
    const socket = new WebSocket(
      `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`,
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
    });
    return new RawRealtime(socket);
  }

  /** Resolves with the first frame, already received or still to come, that matches. */
  next(match: (frame: unknown[]) => boolean, what: string, timeoutMs = 10_000): Promise<unknown[]> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no realtime frame: ${what}`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  /** Sends phx_join and returns the server's reply payload (`{status, response}`). */
  async join(topic: string, bindings: Binding[], accessToken: string | undefined) {
    const ref = String(++this.ref);
    const payload: Record<string, unknown> = {
      config: {
        broadcast: { ack: false, self: false },
        presence: { key: '', enabled: false },
        postgres_changes: bindings,
        private: false,
      },
    };
    if (accessToken !== undefined) payload.access_token = accessToken;
    this.joinRefs.set(topic, ref);
    this.socket.send(JSON.stringify([ref, ref, `realtime:${topic}`, 'phx_join', payload]));
    return this.replyTo(ref, `the join of ${topic}`);
  }

  /** Sends a frame on a topic (with its join ref, if joined); returns the frame's ref. */
  push(topic: string, event: string, payload: object): string {
    const ref = String(++this.ref);
    this.socket.send(JSON.stringify([this.joinRefs.get(topic) ?? null, ref, `realtime:${topic}`, event, payload]));
    return ref;
  }

  /** A Phoenix heartbeat; resolves with its reply, proof that the server still serves this socket. */
  heartbeat() {
    const ref = String(++this.ref);
    this.socket.send(JSON.stringify([null, ref, 'phoenix', 'heartbeat', {}]));
    return this.replyTo(ref, 'a heartbeat');
  }

  /** phx_leave, answered ok for a joined topic and `unmatched topic` otherwise. */
  leave(topic: string) {
    return this.replyTo(this.push(topic, 'phx_leave', {}), `the leave of ${topic}`);
  }

  private async replyTo(ref: string, what: string) {
    const reply = await this.next((f) => f[1] === ref && f[3] === 'phx_reply', `reply to ${what}`);
    return reply[4] as { status: string; response: Record<string, unknown> };
  }

  /** The `system` message a successful join is followed by. */
  subscribed(topic: string) {
    return this.next(
      (f) =>
        f[2] === `realtime:${topic}` &&
        f[3] === 'system' &&
        (f[4] as { extension?: string }).extension === 'postgres_changes',
      `system message of ${topic}`,
    ).then((frame) => frame[4] as { status: string; message: string });
  }

  changes(topic: string): ChangeEvent[] {
    return this.frames
      .filter((f) => f[2] === `realtime:${topic}` && f[3] === 'postgres_changes')
      .map((f) => f[4] as ChangeEvent);
  }

  nextChange(topic: string, match: (event: ChangeEvent) => boolean, what: string) {
    return this.next(
      (f) => f[2] === `realtime:${topic}` && f[3] === 'postgres_changes' && match(f[4] as ChangeEvent),
      what,
    ).then((frame) => frame[4] as ChangeEvent);
  }

  close(): void {
    this.socket.close();
  }
}
