import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../auth/jwt';
import { describeWithDatabase } from '../auth/test-database';
import { DEMO_JWT_SECRET } from '../config';
import { createRealtimeServer, type RealtimeServer } from './server';
import { NOTES_FIXTURE } from './test-support';

describeWithDatabase('realtime server', (db) => {
  let realtime: RealtimeServer;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    await db().exec(NOTES_FIXTURE);
    realtime = await createRealtimeServer({ db: db(), jwtSecret: DEMO_JWT_SECRET });
    server = createServer();
    server.on('upgrade', realtime.handleUpgrade);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const anonKey = signJwt({ role: 'anon', exp: 4102444800 }, DEMO_JWT_SECRET);
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`;
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
});
