/**
 * One client holding many sockets, and one user holding many distinct postgres_changes filters
 * (issue 27: 10 sockets x 100 channels x 100 filters `id=eq.<random uuid>` took another user's
 * log_sale from 10 ms to 136 ms p50, and all 300 sockets of one client were accepted):
 *  - the work realtime does in the database for a change is the same whether a user holds 10
 *    distinct `eq` filters or 1,000: counted as the statements and bound values of its reads (each
 *    RLS read is one API transaction, runAs, and nothing else runs one while a change is delivered;
 *    the writes go through the superuser connection), and as the filters tested one by one; a user
 *    none of whose filters the written row matches is not read at all;
 *  - a user's distinct filters, across all their sockets, are bounded: the join past the bound is
 *    refused with Realtime's RealtimeDisabledForConfiguration, and the user's channels keep working;
 *  - a client's open sockets are bounded, the whole loopback range counting as one client: the
 *    socket past the bound is refused at the upgrade as Realtime refuses it (429 and
 *    `{"error":"Too many connected users"}`).
 * Work, not wall time, is asserted: timings on a shared 2-core machine are noise
 * (`npm run bench -- fan-out` measures the time).
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database, Queryable } from '../../stack/src/db/database';
import {
  filterWork,
  MAX_FILTERS_PER_USER,
  MAX_POSTGRES_CHANGES_PER_JOIN,
  MAX_SOCKETS_PER_CLIENT,
  TOO_MANY_CONNECTIONS,
  TOO_MANY_FILTERS,
} from '../../stack/src/realtime/server';
import { describeStack, type TestStack } from '../contract/harness';
import { RawRealtime, signIn, superuser, type Binding, type User } from './support';

/** Realtime's reads for changes, counted on the stack's own database object. */
interface Reads {
  /** Subscribers read (one transaction each)... */
  transactions: number;
  /** ...and not read: the change could reach none of their subscriptions. */
  skipped: number;
  statements: number;
  /** Values bound to the statements: one per filter value tested in SQL. */
  values: number;
}

function countReads(db: Database) {
  const apiTransaction = db.apiTransaction;
  const reads = { transactions: 0, statements: 0, values: 0 };
  const running = new Set<Promise<unknown>>();
  db.apiTransaction = ((fn: (tx: Queryable) => Promise<unknown>, options) => {
    reads.transactions++;
    const read = apiTransaction.call(
      db,
      (tx) =>
        fn({
          query: (sql, params) => {
            reads.statements++;
            reads.values += params?.length ?? 0;
            return tx.query(sql, params);
          },
        }),
      options,
    );
    running.add(read);
    void read.then(
      () => running.delete(read),
      () => running.delete(read),
    );
    return read;
  }) as Database['apiTransaction'];
  return {
    /** What the reads of one change cost, once each of its `subscribers` was read or skipped and the reads finished. */
    async of(write: () => Promise<unknown>, subscribers: number): Promise<Reads> {
      const before = { ...reads, skipped: filterWork.skipped };
      await write();
      const decided = () => reads.transactions - before.transactions + filterWork.skipped - before.skipped;
      await expect.poll(decided, { timeout: 10_000 }).toBe(subscribers);
      await Promise.all(running);
      return {
        transactions: reads.transactions - before.transactions,
        skipped: filterWork.skipped - before.skipped,
        statements: reads.statements - before.statements,
        values: reads.values - before.values,
      };
    },
    restore() {
      db.apiTransaction = apiTransaction;
    },
  };
}

const materials = (filter: string): Binding => ({ event: 'INSERT', schema: 'public', table: 'raw_materials', filter });

/** Joins `filters` in channels of at most MAX_POSTGRES_CHANGES_PER_JOIN; returns each channel's binding ids. */
async function holdFilters(
  socket: RawRealtime,
  user: User,
  prefix: string,
  filters: string[],
): Promise<Map<string, number[]>> {
  const ids = new Map<string, number[]>();
  for (let start = 0; start < filters.length; start += MAX_POSTGRES_CHANGES_PER_JOIN) {
    const topic = `${prefix}-${start / MAX_POSTGRES_CHANGES_PER_JOIN}`;
    const joined = await socket.join(
      topic,
      filters.slice(start, start + MAX_POSTGRES_CHANGES_PER_JOIN).map(materials),
      user.token,
    );
    expect(joined.status).toBe('ok');
    expect((await socket.subscribed(topic)).status).toBe('ok');
    ids.set(
      topic,
      (joined.response.postgres_changes as { id: number }[]).map((binding) => binding.id),
    );
  }
  return ids;
}

/** A raw socket from `localAddress`: open, or refused with the answer's status and body. */
function connectFrom(stack: TestStack, localAddress: string) {
  const url = `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`;
  return new Promise<{ ws: WebSocket } | { status: number; body: string }>((resolve, reject) => {
    const ws = new WebSocket(url, { localAddress });
    ws.once('open', () => resolve({ ws }));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
  });
}

describeStack('realtime filters and sockets', (stack) => {
  // First in the file: the only subscribers are this test's two users, so each change costs two reads.
  it("a change costs the same reads whether a user holds 10 distinct eq filters or 1,000, another user's and their own", async () => {
    const [other, hostile] = [await signIn(stack()), await signIn(stack())];
    const watcherSocket = await RawRealtime.open(stack());
    const hostileSocket = await RawRealtime.open(stack());
    const db = superuser(stack());
    const reads = countReads(db);
    try {
      await holdFilters(watcherSocket, other, 'own', [`user_id=eq.${other.id}`]);
      const insert = (user: User, name: string) =>
        db.query(`insert into public.raw_materials (user_id, material_name) values ($1, $2)`, [user.id, name]);

      /** With `count` distinct filters held (half on the row's uuid, half on its name), what each change costs. */
      const round = async (count: number) => {
        const names = Array.from({ length: count / 2 }, (_, i) => `Held ${count}-${i}`);
        const filters = names.flatMap((name) => [`id=eq.${randomUUID()}`, `material_name=eq.${name}`]);
        const held = await holdFilters(hostileSocket, hostile, `held-${count}`, filters);
        const tested = filterWork.tested;

        // Another user's write: the watcher hears it; the hostile user's read finds no row (RLS).
        const otherName = `Other's ${count}`;
        const heard = watcherSocket.nextChange(
          'own-0',
          (event) => event.data.record?.material_name === otherName,
          otherName,
        );
        const otherWrite = await reads.of(() => insert(other, otherName), 2);
        await heard;

        // The hostile user's own write matching their last filter: its one binding id, nothing else.
        const lastTopic = [...held.keys()].at(-1)!;
        const ownName = names.at(-1)!;
        const own = hostileSocket.nextChange(
          lastTopic,
          (event) => event.data.record?.material_name === ownName,
          ownName,
        );
        const ownWrite = await reads.of(() => insert(hostile, ownName), 2);
        expect((await own).ids).toEqual([held.get(lastTopic)!.at(-1)]);
        expect((await hostileSocket.heartbeat()).status).toBe('ok');
        const events = [...held.keys()].flatMap((topic) => hostileSocket.changes(topic));
        expect(events).toHaveLength(1);

        for (const topic of held.keys()) expect((await hostileSocket.leave(topic)).status).toBe('ok');
        return { otherWrite, ownWrite, tested: filterWork.tested - tested };
      };

      const few = await round(10);
      const many = await round(MAX_FILTERS_PER_USER);
      console.log(`realtime reads per change, 10 vs ${MAX_FILTERS_PER_USER} filters:`, JSON.stringify({ few, many }));
      expect(many.otherWrite).toEqual(few.otherWrite);
      expect(many.ownWrite).toEqual(few.ownWrite);
      // Each write is read for the one subscriber it reaches, in one statement binding the row's key
      // and the row; the other subscriber's filters find nothing in the written row: no read at all.
      expect(many.otherWrite).toEqual({ transactions: 1, skipped: 1, statements: 1, values: 2 });
      expect(many.ownWrite).toEqual({ transactions: 1, skipped: 1, statements: 1, values: 2 });
      // Every filter here is an eq on a uuid or a text column: found by lookup, never tested.
      expect(few.tested).toBe(0);
      expect(many.tested).toBe(0);
    } finally {
      reads.restore();
      watcherSocket.close();
      hostileSocket.close();
    }
  });

  it(`a user's distinct filters across their sockets are bounded at ${MAX_FILTERS_PER_USER}; the join past it is refused, the rest keeps working`, async () => {
    const [user, other] = [await signIn(stack()), await signIn(stack())];
    const sockets = [await RawRealtime.open(stack()), await RawRealtime.open(stack())];
    try {
      const names = Array.from({ length: MAX_FILTERS_PER_USER }, (_, i) => `Bounded ${i}`);
      const half = MAX_FILTERS_PER_USER / 2;
      await holdFilters(
        sockets[0]!,
        user,
        'first',
        names.slice(0, half).map((name) => `material_name=eq.${name}`),
      );
      const second = await holdFilters(
        sockets[1]!,
        user,
        'second',
        names.slice(half).map((name) => `material_name=eq.${name}`),
      );

      const refused = await sockets[0]!.join('one-more', [materials(`id=eq.${randomUUID()}`)], user.token);
      expect(refused).toEqual({ status: 'error', response: { reason: TOO_MANY_FILTERS } });
      // Filters the user already holds, and bindings without one, take nothing more; another user has their own bound.
      expect((await sockets[0]!.join('again', [materials(`material_name=eq.${names[0]}`)], user.token)).status).toBe(
        'ok',
      );
      expect(
        (await sockets[0]!.join('everything', [{ event: '*', schema: 'public', table: 'raw_materials' }], user.token))
          .status,
      ).toBe('ok');
      expect((await sockets[1]!.join('other', [materials(`id=eq.${randomUUID()}`)], other.token)).status).toBe('ok');

      // The user's channels still hear their changes.
      const lastTopic = [...second.keys()].at(-1)!;
      const lastName = names.at(-1)!;
      const heard = sockets[1]!.nextChange(
        lastTopic,
        (event) => event.data.record?.material_name === lastName,
        lastName,
      );
      await superuser(stack()).query(`insert into public.raw_materials (user_id, material_name) values ($1, $2)`, [
        user.id,
        lastName,
      ]);
      expect((await heard).ids).toEqual([second.get(lastTopic)!.at(-1)]);

      // A channel left gives its filters back.
      expect((await sockets[1]!.leave(lastTopic)).status).toBe('ok');
      expect((await sockets[0]!.join('one-more', [materials(`id=eq.${randomUUID()}`)], user.token)).status).toBe('ok');
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it(`a client's sockets are bounded at ${MAX_SOCKETS_PER_CLIENT}, all of 127.0.0.0/8 being one client; the one past it gets 429`, async () => {
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < MAX_SOCKETS_PER_CLIENT; i++) {
        const outcome = await connectFrom(stack(), i % 2 === 0 ? '127.0.0.1' : `127.0.${i % 7}.${1 + (i % 200)}`);
        if (!('ws' in outcome)) throw new Error(`socket ${i + 1} refused: ${outcome.status} ${outcome.body}`);
        open.push(outcome.ws);
      }
      for (const address of ['127.0.0.1', '127.9.9.9']) {
        expect(await connectFrom(stack(), address)).toEqual({
          status: 429,
          body: JSON.stringify({ error: TOO_MANY_CONNECTIONS }),
        });
      }
      // The sockets held keep working.
      const last = open.at(-1)!;
      const reply = new Promise<unknown[]>((resolve) =>
        last.once('message', (data) => resolve(JSON.parse(String(data)))),
      );
      last.send(JSON.stringify([null, 'h', 'phoenix', 'heartbeat', {}]));
      expect((await reply)[4]).toEqual({ status: 'ok', response: {} });

      // A socket that closes gives its place back.
      const closed = new Promise((resolve) => open[0]!.once('close', resolve));
      open.shift()!.close();
      await closed;
      await expect
        .poll(async () => {
          const outcome = await connectFrom(stack(), '127.0.0.1');
          if ('ws' in outcome) open.push(outcome.ws);
          return 'ws' in outcome;
        })
        .toBe(true);
    } finally {
      for (const ws of open) ws.close();
    }
  });
});
