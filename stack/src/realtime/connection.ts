/**
 * One client WebSocket as Supabase Realtime runs it: the upgrade and its checks, the frame size
 * bound, heartbeats, frames handled one at a time, the join rate, and the frames the server sends.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { JwtError, verifyJwt } from '../auth/jwt';
import { rateLimitKey } from '../auth/rate-limit';
import type { RequestIdentity } from '../db/database';
import { API_ROLES, type ApiRole } from './catalog';
import type { Channel } from './channel';
import { type Frame, ProtocolError, SUPPORTED_VSNS, type Vsn, decodeText, encodeText } from './protocol';

/** Frames over this close the socket with 1009, as Cowboy does. */
export const MAX_FRAME_BYTES = 1024 * 1024;
export const MAX_JOINS_PER_SECOND = 100;
export const TOO_MANY_JOINS = 'ClientJoinRateLimitReached: Too many joins per second';

/**
 * Sockets one client address may hold open at once. Supabase Realtime bounds a project's open
 * sockets by its tenant's max_concurrent_users (200 on the Free plan); every client of a local
 * stack shares the loopback address, so the same figure is this stack's bound per address. The
 * refusal is Realtime's (supabase/realtime lib/realtime_web/channels/user_socket.ex: `connect`
 * runs TenantRateLimiters.check_tenant after the token is verified, and `handle_error` answers
 * `:too_many_connections` with HTTP 429 and `{"error": "Too many connected users"}`, logged as
 * ConnectionRateLimitReached).
 */
export const MAX_SOCKETS_PER_CLIENT = 200;
export const TOO_MANY_CONNECTIONS = 'Too many connected users';



/** What the server needs of a WebSocket: a fake one stands in for it in tests. */
export type Socket = Pick<WebSocket, 'readyState' | 'send' | 'close'>;

/** One WebSocket: its protocol version, the socket `apikey` and its joined channels by topic. */
export interface Connection {
  ws: Socket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
  /** When this connection's joins of the last second were accepted, oldest first. */
  recentJoins: number[];
  /** Frames are handled one at a time, in arrival order, as a Phoenix channel process does. */
  inbox: Promise<void>;
}

/** Verifies a token as Realtime does: a valid JWT whose role is an API role. */
export function realtimeIdentity(token: string, jwtSecret: string): RequestIdentity {
  const claims = verifyJwt(token, jwtSecret);
  if (!API_ROLES.includes(claims.role as ApiRole)) throw new JwtError('JWT role is not an API role');
  return { role: claims.role as ApiRole, claims };
}

/** Counts a join, or refuses it when MAX_JOINS_PER_SECOND were accepted in the last second. */
export function takeJoin(connection: Connection, now = Date.now()): boolean {
  while (connection.recentJoins.length > 0 && connection.recentJoins[0]! <= now - 1000) connection.recentJoins.shift();
  if (connection.recentJoins.length >= MAX_JOINS_PER_SECOND) return false;
  connection.recentJoins.push(now);
  return true;
}

export function send(connection: Connection, frame: Frame): void {
  if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(encodeText(connection.vsn, frame));
}

export function sendBinary(connection: Connection, data: Buffer): void {
  if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(data, { binary: true });
}

export function reply(connection: Connection, request: Frame, status: 'ok' | 'error', response: object): void {
  send(connection, {
    joinRef: request.joinRef,
    ref: request.ref,
    topic: request.topic,
    event: 'phx_reply',
    payload: { status, response },
  });
}

/** A reply-less message from the channel itself: it carries the join_ref. */
export function push(channel: Channel, event: string, payload: unknown): void {
  send(channel.connection, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload });
}

/** A message fanned out to a topic's subscribers (changes, broadcasts, presence diffs): no join_ref. */
export function fanOut(channel: Channel, event: string, payload: unknown): void {
  send(channel.connection, { joinRef: null, ref: null, topic: channel.topic, event, payload });
}

/** What happens on a connection beyond the socket itself: its channels. */
export interface ConnectionHandlers {
  /** A text frame other than a heartbeat. */
  onFrame(connection: Connection, frame: Frame): Promise<void>;
  onBinary(connection: Connection, data: Buffer): void;
  onClose(connection: Connection): void;
}

export interface SocketServer {
  /** Called by the HTTP server for upgrades on /realtime/v1/websocket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export interface SocketLimits {
  /** MAX_SOCKETS_PER_CLIENT unless given (tests use fewer). */
  maxSocketsPerClient?: number;
}

/** Accepts WebSockets into `connections` (removed again when they close). */
export function createSocketServer(
  jwtSecret: string,
  connections: Set<Connection>,
  handlers: ConnectionHandlers,
  { maxSocketsPerClient = MAX_SOCKETS_PER_CLIENT }: SocketLimits = {},
): SocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  /**
   * Open sockets per client, counted from the upgrade until the socket closes. A client is an
   * address as GoTrue's rate limits count it (rateLimitKey): the whole loopback range is one.
   */
  const openSockets = new Map<string, number>();

  const handleFrame = async (connection: Connection, data: RawData, isBinary: boolean) => {
    if (isBinary) {
      handlers.onBinary(connection, Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]));
      return;
    }
    const frame = decodeText(connection.vsn, data.toString());
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
      reply(connection, frame, 'ok', {});
      return;
    }
    await handlers.onFrame(connection, frame);
  };

  const refuse = (socket: Duplex, status: string, message: string, contentType = 'text/plain') => {
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: ${contentType}\r\nConnection: close\r\n\r\n${message}`);
  };

  /** Counts a socket of the client until it closes, or false when the client already holds its share. */
  const takeSocket = (client: string, socket: Duplex): boolean => {
    const open = openSockets.get(client) ?? 0;
    if (open >= maxSocketsPerClient) return false;
    openSockets.set(client, open + 1);
    // The TCP socket's close, whether the upgrade completed or not (ws may refuse it as a bad handshake).
    socket.once('close', () => {
      const left = (openSockets.get(client) ?? 1) - 1;
      if (left > 0) openSockets.set(client, left);
      else openSockets.delete(client);
    });
    return true;
  };

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const apikey = url.searchParams.get('apikey') ?? '';
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
      if (!SUPPORTED_VSNS.includes(vsn)) return refuse(socket, '400 Bad Request', `unsupported vsn ${vsn}`);
      try {
        realtimeIdentity(apikey, jwtSecret);
      } catch (error) {
        return refuse(socket, '403 Forbidden', `invalid apikey: ${(error as Error).message}`);
      }
      if (!takeSocket(rateLimitKey(req.socket.remoteAddress), socket)) {
        return refuse(socket, '429 Too Many Requests', JSON.stringify({ error: TOO_MANY_CONNECTIONS }), 'application/json');
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const connection: Connection = {
          ws,
          vsn,
          apikey,
          channels: new Map(),
          recentJoins: [],
          inbox: Promise.resolve(),
        };
        connections.add(connection);
        // A frame over maxPayload, invalid UTF-8 or a broken frame: ws closes the socket with the
        // matching code (1009, 1007, 1002) and reports it here; unheard, the error would crash the stack.
        ws.on('error', () => {});
        ws.on('message', (data, isBinary) => {
          // A frame that arrives once the server has begun closing this socket goes unanswered: the
          // client has been told the server is going away (1001).
          if (ws.readyState !== WebSocket.OPEN) return;
          connection.inbox = connection.inbox
            .then(() => handleFrame(connection, data, isBinary))
            .catch((error: unknown) => {
              if (error instanceof ProtocolError) ws.close(1003, error.message);
              else console.error('realtime: frame failed:', error);
            });
        });
        ws.on('close', () => {
          connections.delete(connection);
          handlers.onClose(connection);
        });
      });
    },
    close() {
      wss.close();
    },
  };
}
