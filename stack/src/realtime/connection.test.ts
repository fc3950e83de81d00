import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../auth/jwt';
import {
  type Connection,
  createSocketServer,
  MAX_FRAME_BYTES,
  MAX_JOINS_PER_SECOND,
  push,
  realtimeIdentity,
  reply,
  type SocketServer,
  takeJoin,
  TOO_MANY_CONNECTIONS,
} from './connection';
import type { Frame } from './protocol';
import { joinedChannel, recordingConnection } from './test-support';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const anonKey = signJwt({ role: 'anon', exp: 4102444800 }, SECRET);

describe('realtimeIdentity', () => {
  it('takes a valid JWT of an API role, and nothing else', () => {
    expect(realtimeIdentity(anonKey, SECRET)).toEqual({ role: 'anon', claims: { role: 'anon', exp: 4102444800 } });
    expect(() => realtimeIdentity(signJwt({ role: 'postgres', exp: 4102444800 }, SECRET), SECRET)).toThrow(
      'JWT role is not an API role',
    );
    expect(() => realtimeIdentity(anonKey, 'another-secret-of-at-least-32-characters')).toThrow(
      'JWT signature is invalid',
    );
  });
});

describe('takeJoin', () => {
  it(`accepts ${MAX_JOINS_PER_SECOND} joins in any second`, () => {
    const connection = recordingConnection();
    for (let i = 0; i < MAX_JOINS_PER_SECOND; i++) expect(takeJoin(connection, 1000 + i)).toBe(true);
    expect(takeJoin(connection, 1500)).toBe(false);
    // The first join leaves the window a second after it was accepted.
    expect(takeJoin(connection, 2000)).toBe(true);
    expect(takeJoin(connection, 2000)).toBe(false);
  });
});

describe('frames sent', () => {
  const request: Frame = { joinRef: '1', ref: '2', topic: 'realtime:a', event: 'phx_join', payload: {} };

  it('are arrays on vsn 2.0.0 and objects without join_ref on vsn 1.0.0', () => {
    const [modern, legacy] = [recordingConnection('2.0.0'), recordingConnection('1.0.0')];
    for (const connection of [modern, legacy]) reply(connection, request, 'ok', {});
    expect(modern.sent).toEqual([['1', '2', 'realtime:a', 'phx_reply', { status: 'ok', response: {} }]]);
    expect(legacy.sent).toEqual([
      { topic: 'realtime:a', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '2' },
    ]);
  });

  it('are dropped once the socket is no longer open', () => {
    const connection = recordingConnection();
    const channel = joinedChannel(connection, 'realtime:a');
    (connection.ws as { readyState: number }).readyState = WebSocket.CLOSING;
    push(channel, 'system', {});
    expect(connection.sent).toEqual([]);
  });
});

describe('createSocketServer', () => {
  const connections = new Set<Connection>();
  const received: Frame[] = [];
  const closed: Connection[] = [];
  let sockets: SocketServer;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    sockets = createSocketServer(SECRET, connections, {
      // Slow on purpose: a second frame must wait for the first.
      onFrame: async (connection, frame) => {
        await new Promise((resolve) => setTimeout(resolve, frame.event === 'slow' ? 50 : 0));
        received.push(frame);
        reply(connection, frame, 'ok', { handled: received.length });
      },
      onBinary: () => {},
      onClose: (connection) => void closed.push(connection),
    });
    server = createServer();
    server.on('upgrade', sockets.handleUpgrade);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/realtime/v1/websocket`;
  });

  afterAll(async () => {
    sockets.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** An open socket and the frames it receives, parsed. */
  async function open(query = `apikey=${anonKey}&vsn=2.0.0`) {
    const ws = new WebSocket(`${base}?${query}`);
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return { ws, frames };
  }

  const closeOf = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

  const refusal = (query: string) =>
    new Promise<number>((resolve) =>
      new WebSocket(`${base}?${query}`).once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );

  it('refuses an unsupported vsn with 400 and an invalid apikey with 403', async () => {
    expect(await refusal(`apikey=${anonKey}&vsn=3.0.0`)).toBe(400);
    expect(await refusal('apikey=nonsense')).toBe(403);
  });

  it('answers heartbeats itself and hands other frames over one at a time, in order', async () => {
    const { ws, frames } = await open();
    ws.send(JSON.stringify([null, 'h', 'phoenix', 'heartbeat', {}]));
    ws.send(JSON.stringify([null, 'a', 'realtime:x', 'slow', {}]));
    ws.send(JSON.stringify([null, 'b', 'realtime:x', 'fast', {}]));
    await expect.poll(() => frames.length).toBe(3);
    expect(frames).toEqual([
      [null, 'h', 'phoenix', 'phx_reply', { status: 'ok', response: {} }],
      [null, 'a', 'realtime:x', 'phx_reply', { status: 'ok', response: { handled: 1 } }],
      [null, 'b', 'realtime:x', 'phx_reply', { status: 'ok', response: { handled: 2 } }],
    ]);
    ws.close();
  });

  it('closes with 1003 on a frame that is not a Phoenix frame, and 1009 on one over the size bound', async () => {
    const notJson = await open();
    const closedNotJson = closeOf(notJson.ws);
    notJson.ws.send('not json');
    expect(await closedNotJson).toBe(1003);

    const tooBig = await open();
    const closedTooBig = closeOf(tooBig.ws);
    tooBig.ws.send(Buffer.alloc(MAX_FRAME_BYTES + 1));
    expect(await closedTooBig).toBe(1009);
  });

  it('forgets a connection once its socket closes', async () => {
    const { ws } = await open('apikey=' + anonKey);
    const connection = [...connections].at(-1)!;
    expect(connection.vsn).toBe('1.0.0');
    ws.close();
    await expect.poll(() => closed.includes(connection)).toBe(true);
    expect(connections.has(connection)).toBe(false);
  });
});

describe('sockets per client', () => {
  const LIMIT = 3;
  const connections = new Set<Connection>();
  let sockets: SocketServer;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    sockets = createSocketServer(
      SECRET,
      connections,
      { onFrame: async () => {}, onBinary: () => {}, onClose: () => {} },
      { maxSocketsPerClient: LIMIT },
    );
    server = createServer();
    server.on('upgrade', sockets.handleUpgrade);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`;
  });

  afterAll(async () => {
    sockets.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A socket from `localAddress`: open, or refused with the status and body of the answer. */
  const connect = (localAddress: string) =>
    new Promise<{ ws: WebSocket } | { status: number; contentType: string; body: string }>((resolve, reject) => {
      const ws = new WebSocket(base, { localAddress });
      ws.once('open', () => resolve({ ws }));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), body }));
      });
    });

  it(`accepts ${LIMIT} from one client, the whole loopback range being one, and refuses the next as Realtime does`, async () => {
    const open = await Promise.all(['127.0.0.1', '127.0.0.2', '127.45.6.7'].map(connect));
    expect(open.every((outcome) => 'ws' in outcome)).toBe(true);
    expect(await connect('127.0.0.3')).toEqual({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: TOO_MANY_CONNECTIONS }),
    });

    // A socket that closes gives its place back.
    const first = (open[0] as { ws: WebSocket }).ws;
    first.close();
    await expect.poll(() => connections.size).toBe(LIMIT - 1);
    const again = await connect('127.0.0.1');
    expect('ws' in again).toBe(true);
    for (const outcome of [...open.slice(1), again]) (outcome as { ws: WebSocket }).ws.close();
    await expect.poll(() => connections.size).toBe(0);
  });

  it('checks the apikey first: an invalid one is refused with 403 even from a client at its bound', async () => {
    const open = await Promise.all(Array.from({ length: LIMIT }, () => connect('127.0.0.1')));
    const refused = await new Promise<number>((resolve) =>
      new WebSocket(base.replace(/apikey=[^&]+/, 'apikey=nonsense')).once('unexpected-response', (_req, res) =>
        resolve(res.statusCode ?? 0),
      ),
    );
    expect(refused).toBe(403);
    for (const outcome of open) (outcome as { ws: WebSocket }).ws.close();
    await expect.poll(() => connections.size).toBe(0);
  });
});
