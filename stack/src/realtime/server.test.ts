import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../auth/jwt';
import type { Database } from '../db/database';
import { describeWithDatabase } from '../auth/test-database';
import { DEMO_JWT_SECRET } from '../config';
import { createRealtimeServer, type RealtimeServer } from './server';
import { NOTES_FIXTURE } from './test-support';

/** The realtime server behind an HTTP server on a free port, and its socket URL for the anon key. */
async function serve(realtime: RealtimeServer): Promise<{ server: Server; url: string }> {
  const server = createServer();
  server.on('upgrade', realtime.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const anonKey = signJwt({ role: 'anon', exp: 4102444800 }, DEMO_JWT_SECRET);
  const { port } = server.address() as AddressInfo;
  return { server, url: `ws://127.0.0.1:${port}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0` };
}

describeWithDatabase('realtime server', (db) => {
  let realtime: RealtimeServer;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    await db().exec(NOTES_FIXTURE);
    realtime = await createRealtimeServer({ db: db(), jwtSecret: DEMO_JWT_SECRET });
    ({ server, url } = await serve(realtime));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("carries a joined channel's changes over its socket, and closes sockets with 1001 on close", async () => {
    const owner = randomUUID();
    const token = signJwt({ role: 'authenticated', sub: owner, exp: 4102444800 }, DEMO_JWT_SECRET);
    const ws = new WebSocket(url);
    const frames: unknown[][] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve) => ws.once('open', resolve));
    const config = { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'notes' }] };
    ws.send(JSON.stringify(['1', '1', 'realtime:notes', 'phx_join', { config, access_token: token }]));
    await expect.poll(() => frames.some((frame) => frame[3] === 'system')).toBe(true);

    await db().query('insert into public.notes (owner, title) values ($1, $2)', [owner, 'Shirt']);
    await expect
      .poll(() => frames.find((frame) => frame[3] === 'postgres_changes')?.[4])
      .toMatchObject({ data: { record: { title: 'Shirt' } } });

    const closed = new Promise<[number, string]>((resolve) =>
      ws.once('close', (code, reason) => resolve([code, String(reason)])),
    );
    await realtime.close();
    expect(await closed).toEqual([1001, 'server shutting down']);
  });

  it('ends with the frames it has: none reaches the database once close has resolved', async () => {
    // Frames in hand when a stack stops were answered after its pool had ended ("Cannot use a pool
    // after calling end on the pool"): close must finish them, or drop them, first.
    let closed = false;
    const usedAfterClose: string[] = [];
    const watched = new Proxy(db(), {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (closed) usedAfterClose.push(String(property));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Database;
    const stopping = await createRealtimeServer({ db: watched, jwtSecret: DEMO_JWT_SECRET });
    const http = await serve(stopping);
    const ws = new WebSocket(http.url);
    const replies: unknown[][] = [];
    ws.on('message', (data) => replies.push(JSON.parse(String(data))));
    await new Promise((resolve) => ws.once('open', resolve));
    const token = signJwt({ role: 'authenticated', sub: randomUUID(), exp: 4102444800 }, DEMO_JWT_SECRET);
    const config = { postgres_changes: [{ event: '*', schema: 'public', table: 'notes' }] };
    for (let join = 1; join <= 30; join++) {
      ws.send(
        JSON.stringify([`${join}`, `${join}`, `realtime:notes-${join}`, 'phx_join', { config, access_token: token }]),
      );
    }
    // The first join answered: most of the others wait behind it on the server.
    await expect.poll(() => replies.some((frame) => frame[3] === 'phx_reply')).toBe(true);
    await stopping.close();
    closed = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await new Promise((resolve) => http.server.close(resolve));
    expect(usedAfterClose).toEqual([]);
  });
});
