/**
 * Realtime postgres_changes through the real supabase-js client, and the Phoenix wire through a
 * raw WebSocket where the client hides it (wire facts §3). Absence of an event is never asserted
 * by waiting: a later change that must arrive after it (events reach a channel in commit order)
 * proves the earlier one was not sent.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../stack/src/auth/jwt';
import { DEMO_JWT_SECRET } from '../../stack/src/config';
import { describeStack, newClient, rpcOk, signIn, type TestStack, type User } from './harness';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const WAIT_MS = 10_000;

/** Everything a callback received, with event-driven waits for what has not arrived yet. */
class Recorder<T> {
  readonly items: T[] = [];
  private readonly waiters = new Set<() => void>();

  record = (item: T) => {
    this.items.push(item);
    for (const waiter of [...this.waiters]) waiter();
  };

  /** The first item matching, waiting up to WAIT_MS for it. */
  first(predicate: (item: T) => boolean, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      const check = () => {
        const found = this.items.find(predicate);
        if (found !== undefined) {
          done();
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${what} within ${WAIT_MS} ms; received ${JSON.stringify(this.items)}`));
      }, WAIT_MS);
      this.waiters.add(check);
      check();
    });
  }
}

type Row = Record<string, unknown>;
interface Change {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Row;
  old: Row;
  errors: string[] | null;
}
interface SystemMessage {
  extension: string;
  status: string;
  message: string;
  channel: string;
}

interface Binding {
  table: string;
  event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  filter?: string;
}

interface Subscription {
  channel: RealtimeChannel;
  /** One recorder per binding, in the order given. */
  changes: Recorder<Change>[];
  system: Recorder<SystemMessage>;
  statuses: Recorder<string>;
}

let channelCount = 0;

describeStack('realtime', (stack, kind) => {
  const createMaterial = (user: User, name: string, stockLevel = 10) =>
    rpcOk<Row & { id: string }>(user, 'create_raw_material', {
      material_name: name,
      supplier: 'Mill',
      cost_per_unit: 2.5,
      stock_level: stockLevel,
      unit_of_measure: 'm',
      reorder_point: 5,
    });

  /** Subscribes like the app does and resolves once the client reports SUBSCRIBED. */
  async function subscribe(client: SupabaseClient, bindings: Binding[]): Promise<Subscription> {
    const channel = client.channel(`test-${++channelCount}`);
    const changes = bindings.map(() => new Recorder<Change>());
    const system = new Recorder<SystemMessage>();
    const statuses = new Recorder<string>();
    bindings.forEach((binding, index) => {
      channel.on(
        'postgres_changes',
        { event: (binding.event ?? '*') as '*', schema: 'public', table: binding.table, filter: binding.filter },
        (payload) => changes[index]!.record(payload as unknown as Change),
      );
    });
    channel.on('system', {}, (payload: SystemMessage) => system.record(payload));
    channel.subscribe((status) => statuses.record(status));
    expect(await statuses.first((status) => status !== 'CLOSED', 'subscribe status')).toBe('SUBSCRIBED');
    return { channel, changes, system, statuses };
  }

  it('subscribes: SUBSCRIBED, then the Subscribed to PostgreSQL system message', async () => {
    const user = await signIn(stack());
    const { system } = await subscribe(user.client, [
      { table: 'raw_materials', filter: `user_id=eq.${user.id}` },
      { table: 'products' },
    ]);
    expect(await system.first((m) => m.extension === 'postgres_changes', 'system message')).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: `test-${channelCount}`,
    });
    await user.client.removeAllChannels();
  });

  it("delivers the user's own INSERT with the typed record as Postgres stores it", async () => {
    const user = await signIn(stack());
    const { changes } = await subscribe(user.client, [{ table: 'raw_materials', filter: `user_id=eq.${user.id}` }]);
    const material = await createMaterial(user, 'Cotton twill', 12.5);

    const change = await changes[0]!.first((c) => c.new.id === material.id, 'INSERT event');
    expect(change).toMatchObject({ schema: 'public', table: 'raw_materials', eventType: 'INSERT', errors: null, old: {} });
    expect(change.commit_timestamp).toMatch(TIMESTAMP);
    expect(change.new).toEqual({
      id: material.id,
      user_id: user.id,
      material_name: 'Cotton twill',
      supplier: 'Mill',
      // The supplier's record, made from the name typed (issue 32).
      supplier_id: expect.any(String),
      cost_per_unit: 2.5,
      stock_level: 12.5,
      unit_of_measure: 'm',
      reorder_point: 5,
      created_at: expect.any(String),
      archived_at: null,
      // GST (issue 31): no HSN code or rate yet.
      hsn_code: null,
      gst_rate: null,
      gst_rate_rule: null,
    });
    await user.client.removeAllChannels();
  });

  it('delivers log_sale as an UPDATE of the product (old record: its key) and an INSERT of the order', async () => {
    const user = await signIn(stack());
    const { changes } = await subscribe(user.client, [
      { table: 'products', event: 'UPDATE', filter: `user_id=eq.${user.id}` },
      { table: 'sales_orders', event: 'INSERT', filter: `user_id=eq.${user.id}` },
    ]);
    const product = await rpcOk<Row & { id: string }>(user, 'create_product', {
      sku: 'TEE-1',
      product_name: 'Tee',
      selling_price: 15,
      stock_on_hand: 9,
    });
    const order = await rpcOk<Row & { id: string }>(user, 'log_sale', { product_id: product.id, quantity: 4 });

    const update = await changes[0]!.first((c) => c.new.id === product.id, 'products UPDATE');
    expect(update.eventType).toBe('UPDATE');
    expect(update.new).toMatchObject({ id: product.id, sku: 'TEE-1', stock_on_hand: 5, selling_price: 15 });
    expect(update.old).toEqual({ id: product.id });
    const insert = await changes[1]!.first((c) => c.new.id === order.id, 'sales_orders INSERT');
    expect(insert.new).toMatchObject({
      product_id: product.id,
      user_id: user.id,
      quantity: 4,
      total_amount: 60,
      platform: 'Flipkart',
      status: 'Unfulfilled',
    });
    // The INSERT binding heard no UPDATE of products: only its own event type and table.
    expect(changes[0]!.items.every((c) => c.eventType === 'UPDATE' && c.table === 'products')).toBe(true);
    await user.client.removeAllChannels();
  });

  it("delivers the owner's own edit of a row (update_raw_material) as an UPDATE", async () => {
    const user = await signIn(stack());
    const { changes } = await subscribe(user.client, [
      { table: 'raw_materials', event: 'UPDATE', filter: `user_id=eq.${user.id}` },
    ]);
    const material = await createMaterial(user, 'Jute');
    const { error } = await user.client.rpc('update_raw_material', {
      material_id: material.id,
      material_name: 'Jute',
      supplier: 'New mill',
      cost_per_unit: 0,
      unit_of_measure: 'units',
      reorder_point: 20,
    });
    expect(error).toBeNull();

    const update = await changes[0]!.first(() => true, 'UPDATE event');
    expect(update).toMatchObject({ eventType: 'UPDATE', old: { id: material.id } });
    expect(update.new).toMatchObject({ id: material.id, material_name: 'Jute', supplier: 'New mill' });
    await user.client.removeAllChannels();
  });

  it("keeps one user's changes from another, with or without a filter naming the first user (RLS)", async () => {
    const owner = await signIn(stack());
    const other = await signIn(stack());
    const unfiltered = await subscribe(other.client, [{ table: 'raw_materials' }]);
    const filtered = await subscribe(other.client, [
      { table: 'raw_materials', filter: `user_id=eq.${owner.id}` },
      { table: 'raw_materials', filter: `user_id=eq.${other.id}` },
    ]);

    await createMaterial(owner, 'Owner silk');
    const mine = await createMaterial(other, 'Other wool');

    // Each channel's first event is the other user's own change: the owner's came first and was not sent.
    expect((await unfiltered.changes[0]!.first(() => true, 'first event')).new.id).toBe(mine.id);
    expect((await filtered.changes[1]!.first(() => true, 'own filtered event')).new.id).toBe(mine.id);
    expect(unfiltered.changes[0]!.items).toHaveLength(1);
    expect(filtered.changes[0]!.items).toEqual([]);
    await other.client.removeAllChannels();
  });

  it('delivers only changes that match the filter, comparing values as the column type', async () => {
    const user = await signIn(stack());
    const { changes } = await subscribe(user.client, [
      { table: 'raw_materials', filter: 'material_name=eq.Linen' },
      { table: 'raw_materials', filter: `stock_level=gt.9,user_id=eq.${user.id}` },
      { table: 'raw_materials', filter: `user_id=eq.${user.id}` },
    ]);
    const cotton = await createMaterial(user, 'Cotton', 9);
    const linen = await createMaterial(user, 'Linen', 10);

    expect((await changes[0]!.first(() => true, 'Linen event')).new.id).toBe(linen.id);
    expect((await changes[1]!.first(() => true, 'stock_level > 9 event')).new.id).toBe(linen.id);
    await changes[2]!.first((c) => c.new.id === linen.id, 'unfiltered Linen event');
    // Cotton came first on the same channel and reached only the unfiltered binding.
    expect(changes[2]!.items.map((c) => c.new.id)).toEqual([cotton.id, linen.id]);
    expect(changes[0]!.items).toHaveLength(1);
    expect(changes[1]!.items).toHaveLength(1);
    await user.client.removeAllChannels();
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const user = await signIn(stack());
    const { changes } = await subscribe(user.client, [{ table: 'products', filter: `user_id=eq.${user.id}` }]);
    const product = await rpcOk<Row & { id: string }>(user, 'create_product', {
      sku: 'CAP-1',
      product_name: 'Cap',
      selling_price: 5,
      stock_on_hand: 2,
    });
    // The stock update inside log_sale is rolled back when the sale is refused.
    const refused = await user.client.rpc('log_sale', { product_id: product.id, quantity: 3 });
    expect(refused.error?.message).toBe('Not enough stock for Cap. Only 2 available.');
    await rpcOk(user, 'log_sale', { product_id: product.id, quantity: 2 });

    await changes[0]!.first((c) => c.eventType === 'UPDATE', 'UPDATE event');
    expect(changes[0]!.items.map((c) => [c.eventType, c.new.stock_on_hand])).toEqual([
      ['INSERT', 2],
      ['UPDATE', 0],
    ]);
    await user.client.removeAllChannels();
  });

  // Needs the database itself for a many-statement transaction; a real Supabase exposes none.
  it.skipIf(kind === 'supabase')('delivers every change of one row in one transaction, in order', async () => {
    const user = await signIn(stack());
    const { changes } = await subscribe(user.client, [
      { table: 'products', event: 'UPDATE', filter: `user_id=eq.${user.id}` },
    ]);
    const product = await rpcOk<Row & { id: string }>(user, 'create_product', {
      sku: 'MUG-1',
      product_name: 'Mug',
      selling_price: 8,
    });
    // Twenty updates microseconds apart: several share a millisecond of commit_timestamp.
    await stack().db!.transaction(async (tx) => {
      await tx.query(`select set_config('test.product_id', $1, true)`, [product.id]);
      await tx.query(`do $$ begin
        for point in 1..20 loop
          update public.products set reorder_point = point where id = current_setting('test.product_id')::uuid;
        end loop;
      end $$`);
    });

    await changes[0]!.first(() => changes[0]!.items.length === 20, 'twenty UPDATEs');
    expect(changes[0]!.items.every((c) => c.new.id === product.id)).toBe(true);
    await user.client.removeAllChannels();
  });

  // Creates a table, which needs the database itself; a real Supabase exposes none to the tests.
  it.skipIf(kind === 'supabase')(
    'captures a table added to the publication while running, leaving out columns the role cannot read',
    async () => {
      const db = stack().db!;
      await db.exec(`
        create table public.realtime_notes (
          id bigint generated always as identity primary key,
          owner uuid not null,
          body text not null,
          internal_score int not null default 7
        );
        alter table public.realtime_notes enable row level security;
        create policy "Owners read their notes" on public.realtime_notes
          for select to authenticated using (owner = (select auth.uid()));
        -- Supabase's default privileges grant a new public table to every API role; keep only the columns.
        revoke all on public.realtime_notes from anon, authenticated;
        grant select (id, owner, body) on public.realtime_notes to authenticated;
        alter publication supabase_realtime add table public.realtime_notes;`);
      const user = await signIn(stack());
      const { changes, system } = await subscribe(user.client, [
        { table: 'realtime_notes', filter: `owner=eq.${user.id}` },
      ]);
      expect((await system.first(() => true, 'system message')).status).toBe('ok');

      await db.query(`insert into public.realtime_notes (owner, body) values ($1, 'hello')`, [user.id]);
      const insert = await changes[0]!.first(() => true, 'INSERT event');
      expect(insert.new).toEqual({ id: expect.any(Number), owner: user.id, body: 'hello' });
      await user.client.removeAllChannels();
    },
  );

  it('delivers a DELETE with only the primary key, to filters on the key, to no filter on other columns', async () => {
    const owner = await signIn(stack());
    const other = await signIn(stack());
    const material = await createMaterial(owner, 'Remnant', 0);
    const ownerChannel = await subscribe(owner.client, [
      { table: 'raw_materials', event: 'DELETE', filter: `user_id=eq.${owner.id}` },
      { table: 'raw_materials', event: 'DELETE', filter: `id=eq.${material.id}` },
      { table: 'raw_materials', event: 'DELETE' },
    ]);
    // As on Supabase, DELETE skips RLS: any subscriber to the table learns the deleted key.
    const otherChannel = await subscribe(other.client, [{ table: 'raw_materials', event: 'DELETE' }]);

    const { error } = await newClient(stack().url, stack().serviceRoleKey).from('raw_materials').delete().eq('id', material.id);
    expect(error).toBeNull();

    const deleted = await ownerChannel.changes[1]!.first(() => true, 'DELETE on the key filter');
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: material.id }, errors: null });
    expect(Object.keys(deleted.old)).toEqual(['id']);
    // One frame carries the ids of every matching binding and the client dispatches it at once:
    // the unfiltered binding heard it, the user_id binding (a column the old record lacks) did not.
    await ownerChannel.changes[2]!.first(() => true, 'unfiltered DELETE');
    expect(ownerChannel.changes[0]!.items).toEqual([]);
    expect((await otherChannel.changes[0]!.first(() => true, "other user's DELETE")).old).toEqual({ id: material.id });
    await owner.client.removeAllChannels();
    await other.client.removeAllChannels();
  });

  it('refuses a table outside publication supabase_realtime and a filter on an unknown column', async () => {
    const user = await signIn(stack());
    const ledger = await subscribe(user.client, [{ table: 'stock_movements' }]);
    const refused = await ledger.system.first((m) => m.extension === 'postgres_changes', 'system message');
    expect(refused.status).toBe('error');
    expect(refused.message).toMatch(/^Unable to subscribe to changes with given parameters/);

    const unknownColumn = await subscribe(user.client, [{ table: 'products', filter: 'colour=eq.red' }]);
    expect((await unknownColumn.system.first(() => true, 'system message')).status).toBe('error');
    const badValue = await subscribe(user.client, [{ table: 'products', filter: 'stock_on_hand=gt.many' }]);
    expect((await badValue.system.first(() => true, 'system message')).status).toBe('error');
    await user.client.removeAllChannels();
  });

  it('follows access token updates: a new token keeps events flowing, an expired one closes the channel', async () => {
    const user = await signIn(stack());
    const { changes, statuses, system } = await subscribe(user.client, [
      { table: 'raw_materials', filter: `user_id=eq.${user.id}` },
    ]);
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString('utf8'));
    // What a refresh hands over: the same user's claims with a later expiry.
    await user.client.realtime.setAuth(signJwt({ ...claims, exp: claims.exp + 60 }, DEMO_JWT_SECRET));
    // The new token re-subscribes; its confirmation follows the join's.
    await system.first((m) => system.items.indexOf(m) === 1 && m.status === 'ok', 'resubscription');
    const material = await createMaterial(user, 'After refresh');
    await changes[0]!.first((c) => c.new.id === material.id, 'event after refresh');

    const expired = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, DEMO_JWT_SECRET);
    await user.client.realtime.setAuth(expired);
    const closing = await system.first((m) => m.extension === 'system', 'token error');
    expect(closing.status).toBe('error');
    expect(closing.message).toMatch(/expired/);
    await statuses.first((status) => status === 'CLOSED', 'CLOSED');
    await user.client.removeAllChannels();
  });

  it('re-subscribes as the user when the session token arrives after a join made with the anon key', async () => {
    const client = stack().newClient();
    const { changes, system } = await subscribe(client, [{ table: 'raw_materials' }]);
    await system.first(() => true, 'anon subscription');
    // An anon subscriber may not read the table's key: Realtime says so on every change.
    const stranger = await signIn(stack());
    await createMaterial(stranger, 'Seen by nobody');
    const refused = await changes[0]!.first(() => true, 'unauthorized event');
    expect(refused).toMatchObject({ eventType: 'INSERT', new: {}, errors: ['Error 401: Unauthorized'] });

    await client.auth.signInAnonymously();
    await system.first((m) => system.items.indexOf(m) === 1 && m.status === 'ok', 'resubscription as the user');
    const own = await rpcOk<Row & { id: string }>({ client }, 'create_raw_material', { material_name: 'Mine now' });
    const event = await changes[0]!.first((c) => c.new.id === own.id, 'own event after sign-in');
    expect(event.errors).toBeNull();
    await client.removeAllChannels();
  });

  it('leaves: the unsubscribe is acknowledged and the channel reports CLOSED', async () => {
    const user = await signIn(stack());
    const { channel, statuses } = await subscribe(user.client, [{ table: 'products' }]);
    expect(await channel.unsubscribe()).toBe('ok');
    await statuses.first((status) => status === 'CLOSED', 'CLOSED');
  });

  it('relays broadcasts between clients on the same channel', async () => {
    const sender = stack().newClient();
    const receiver = stack().newClient();
    const received = new Recorder<Row>();
    const joined = new Recorder<string>();
    receiver
      .channel('room-broadcast')
      .on('broadcast', { event: 'cursor' }, (message) => received.record(message))
      .subscribe((status) => joined.record(status));
    const channel = sender.channel('room-broadcast', { config: { broadcast: { ack: true } } });
    channel.subscribe((status) => joined.record(status));
    await joined.first(() => joined.items.length >= 2, 'two joins');
    expect(joined.items).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);

    expect(await channel.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } })).toBe('ok');
    expect(await received.first(() => true, 'broadcast')).toMatchObject({
      type: 'broadcast',
      event: 'cursor',
      payload: { x: 1, y: 2 },
    });
    await sender.removeAllChannels();
    await receiver.removeAllChannels();
  });

  it('syncs presence: a tracked client appears to the others and leaves when it untracks', async () => {
    const watcher = stack().newClient();
    const visitor = stack().newClient();
    const joins = new Recorder<{ key: string }>();
    const leaves = new Recorder<{ key: string }>();
    const statuses = new Recorder<string>();
    const watching = watcher
      .channel('room-presence', { config: { presence: { key: 'watcher' } } })
      .on('presence', { event: 'join' }, (payload) => joins.record(payload))
      .on('presence', { event: 'leave' }, (payload) => leaves.record(payload));
    watching.subscribe((status) => statuses.record(status));
    const visiting = visitor.channel('room-presence', { config: { presence: { key: 'visitor' } } });
    visiting.subscribe((status) => statuses.record(status));
    await statuses.first(() => statuses.items.length >= 2, 'two joins');
    expect(statuses.items).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);

    expect(await visiting.track({ page: 'dashboard' })).toBe('ok');
    await joins.first((payload) => payload.key === 'visitor', 'presence join');
    expect(watching.presenceState()).toEqual({
      visitor: [expect.objectContaining({ page: 'dashboard', presence_ref: expect.any(String) })],
    });
    expect(await visiting.untrack()).toBe('ok');
    await leaves.first((payload) => payload.key === 'visitor', 'presence leave');
    expect(watching.presenceState()).toEqual({});
    await watcher.removeAllChannels();
    await visitor.removeAllChannels();
  });

  describeRawWire(stack);
});

/** The Phoenix wire itself: heartbeat, frame shapes of both protocol versions, unmatched topics. */
function describeRawWire(stack: () => TestStack) {
  class RawSocket {
    readonly frames = new Recorder<unknown>();
    private constructor(readonly ws: WebSocket) {
      ws.on('message', (data) => this.frames.record(JSON.parse(data.toString())));
    }

    static async open(vsn: '1.0.0' | '2.0.0'): Promise<RawSocket> {
      const url = `${stack().url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack().anonKey}&vsn=${vsn}`;
      const ws = new WebSocket(url);
      const socket = new RawSocket(ws);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      return socket;
    }

    send(frame: unknown) {
      this.ws.send(JSON.stringify(frame));
    }

    close() {
      this.ws.close();
    }
  }

  it('vsn 2.0.0: heartbeat reply, join reply echoing bindings with ids, system message, event frame', async () => {
    const user = await signIn(stack());
    const socket = await RawSocket.open('2.0.0');
    socket.send([null, '1', 'phoenix', 'heartbeat', {}]);
    expect(await socket.frames.first((f) => (f as unknown[])[1] === '1', 'heartbeat reply')).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);

    const binding = { event: 'INSERT', schema: 'public', table: 'raw_materials', filter: `user_id=eq.${user.id}` };
    socket.send([
      '2',
      '2',
      'realtime:raw-v2',
      'phx_join',
      { config: { postgres_changes: [binding, { event: '*', schema: 'public', table: 'products' }] }, access_token: user.token },
    ]);
    const reply = (await socket.frames.first((f) => (f as unknown[])[1] === '2', 'join reply')) as unknown[];
    expect(reply.slice(0, 4)).toEqual(['2', '2', 'realtime:raw-v2', 'phx_reply']);
    const response = reply[4] as { status: string; response: { postgres_changes: (Row & { id: number })[] } };
    expect(response.status).toBe('ok');
    const [echoed, second] = response.response.postgres_changes;
    expect(echoed).toEqual({ ...binding, id: expect.any(Number) });
    expect(second).toMatchObject({ event: '*', schema: 'public', table: 'products', id: expect.any(Number) });
    expect(echoed!.id).not.toBe(second!.id);
    expect(await socket.frames.first((f) => (f as unknown[])[3] === 'system', 'system')).toEqual([
      '2',
      null,
      'realtime:raw-v2',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'raw-v2' },
    ]);

    const { data: material } = await user.client.rpc('create_raw_material', { material_name: 'Raw wire' });
    const event = (await socket.frames.first(
      (f) => (f as unknown[])[3] === 'postgres_changes',
      'postgres_changes frame',
    )) as unknown[];
    expect(event.slice(0, 4)).toEqual([null, null, 'realtime:raw-v2', 'postgres_changes']);
    const payload = event[4] as { ids: number[]; data: Row & { columns: { name: string; type: string }[] } };
    expect(payload.ids).toEqual([echoed!.id]);
    expect(Object.keys(payload.data).sort()).toEqual(
      ['columns', 'commit_timestamp', 'errors', 'record', 'schema', 'table', 'type'].sort(),
    );
    expect(payload.data).toMatchObject({
      schema: 'public',
      table: 'raw_materials',
      type: 'INSERT',
      errors: null,
      record: { id: (material as Row).id, material_name: 'Raw wire', stock_level: 0 },
    });
    expect(payload.data.columns.slice(0, 3)).toEqual([
      { name: 'id', type: 'uuid' },
      { name: 'user_id', type: 'uuid' },
      { name: 'material_name', type: 'text' },
    ]);

    // A token update gets no reply: frames are answered in order, so the heartbeat's reply proves it.
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString('utf8'));
    const renewed = signJwt({ ...claims, exp: claims.exp + 60 }, DEMO_JWT_SECRET);
    socket.send(['2', '30', 'realtime:raw-v2', 'access_token', { access_token: renewed }]);
    socket.send([null, '31', 'phoenix', 'heartbeat', {}]);
    await socket.frames.first((f) => (f as unknown[])[1] === '31', 'heartbeat reply');
    expect(socket.frames.items.filter((f) => (f as unknown[])[1] === '30')).toEqual([]);

    socket.send(['2', '3', 'realtime:raw-v2', 'phx_leave', {}]);
    expect(await socket.frames.first((f) => (f as unknown[])[1] === '3', 'leave reply')).toEqual([
      '2',
      '3',
      'realtime:raw-v2',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    socket.send(['2', '4', 'realtime:raw-v2', 'access_token', { access_token: user.token }]);
    expect(await socket.frames.first((f) => (f as unknown[])[1] === '4', 'unmatched reply')).toEqual([
      '2',
      '4',
      'realtime:raw-v2',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    socket.close();
  });

  it('vsn 2.0.0: refuses a join with an invalid token', async () => {
    const socket = await RawSocket.open('2.0.0');
    socket.send(['1', '1', 'realtime:bad-token', 'phx_join', { config: {}, access_token: 'not.a.jwt' }]);
    const reply = (await socket.frames.first((f) => (f as unknown[])[1] === '1', 'join reply')) as unknown[];
    expect(reply[4]).toMatchObject({ status: 'error', response: { reason: expect.stringMatching(/^InvalidJWTToken/) } });
    socket.close();
  });

  it('vsn 2.0.0: closes a channel when its token expires, with a system error first', async () => {
    const user = await signIn(stack());
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString('utf8'));
    const shortLived = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 }, DEMO_JWT_SECRET);
    const socket = await RawSocket.open('2.0.0');
    socket.send(['1', '1', 'realtime:short-lived', 'phx_join', { config: {}, access_token: shortLived }]);
    expect(await socket.frames.first((f) => (f as unknown[])[1] === '1', 'join reply')).toMatchObject([
      '1',
      '1',
      'realtime:short-lived',
      'phx_reply',
      { status: 'ok' },
    ]);
    expect(await socket.frames.first((f) => (f as unknown[])[3] === 'system', 'expiry notice')).toEqual([
      '1',
      null,
      'realtime:short-lived',
      'system',
      { extension: 'system', status: 'error', message: 'Token has expired', channel: 'short-lived' },
    ]);
    expect(await socket.frames.first((f) => (f as unknown[])[3] === 'phx_close', 'close')).toEqual([
      '1',
      '1',
      'realtime:short-lived',
      'phx_close',
      {},
    ]);
    socket.close();
  });

  it('vsn 1.0.0: object frames for heartbeat, join, system message, events and leave', async () => {
    const user = await signIn(stack());
    const socket = await RawSocket.open('1.0.0');
    socket.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' });
    expect(await socket.frames.first((f) => (f as Row).ref === '1', 'heartbeat reply')).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '1',
    });

    const binding = { event: '*', schema: 'public', table: 'raw_materials', filter: `user_id=eq.${user.id}` };
    socket.send({
      topic: 'realtime:raw-v1',
      event: 'phx_join',
      payload: { config: { postgres_changes: [binding] }, access_token: user.token },
      ref: '2',
      join_ref: '2',
    });
    const reply = (await socket.frames.first((f) => (f as Row).ref === '2', 'join reply')) as Row;
    expect(reply).toMatchObject({ topic: 'realtime:raw-v1', event: 'phx_reply', payload: { status: 'ok' } });
    const [echoed] = (reply.payload as { response: { postgres_changes: (Row & { id: number })[] } }).response
      .postgres_changes;
    expect(echoed).toEqual({ ...binding, id: expect.any(Number) });
    expect(await socket.frames.first((f) => (f as Row).event === 'system', 'system')).toEqual({
      topic: 'realtime:raw-v1',
      event: 'system',
      payload: { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'raw-v1' },
      ref: null,
    });

    const { data: material } = await user.client.rpc('create_raw_material', { material_name: 'Object frame' });
    const event = (await socket.frames.first((f) => (f as Row).event === 'postgres_changes', 'event')) as Row;
    expect(event).toMatchObject({
      topic: 'realtime:raw-v1',
      ref: null,
      payload: { ids: [echoed!.id], data: { type: 'INSERT', record: { id: (material as Row).id } } },
    });

    socket.send({ topic: 'realtime:raw-v1', event: 'phx_leave', payload: {}, ref: '3', join_ref: '2' });
    expect(await socket.frames.first((f) => (f as Row).ref === '3', 'leave reply')).toEqual({
      topic: 'realtime:raw-v1',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '3',
    });
    socket.send({ topic: 'realtime:nowhere', event: 'broadcast', payload: {}, ref: '4' });
    expect(await socket.frames.first((f) => (f as Row).ref === '4', 'unmatched reply')).toMatchObject({
      payload: { status: 'error', response: { reason: 'unmatched topic' } },
    });
    socket.send({ topic: 'lobby', event: 'phx_join', payload: {}, ref: '5', join_ref: '5' });
    expect(await socket.frames.first((f) => (f as Row).ref === '5', 'join outside realtime:*')).toMatchObject({
      payload: { status: 'error', response: { reason: 'unmatched topic' } },
    });
    socket.close();
  });
}
