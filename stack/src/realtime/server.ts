import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { JwtError, verifyJwt } from '../auth/jwt';
import { type Database, type RequestIdentity, runAs } from '../db/database';
import {
  CHANGES_CHANNEL,
  type CapturedChange,
  installChangeCapture,
  parseCapturedChange,
  refreshChangeCapture,
} from './capture';
import { API_ROLES, type ApiRole, loadTables, type TableInfo } from './catalog';
import { changeFor, filterKey, type Subscription, type SubscriberChange, subscriptionCovers } from './delivery';
import { FilterError, type FilterCondition, parseFilter } from './filters';
import {
  type Frame,
  ProtocolError,
  SUPPORTED_VSNS,
  type Vsn,
  decodeBinaryBroadcast,
  decodeText,
  encodeBinaryBroadcast,
  encodeText,
} from './protocol';

export interface RealtimeOptions {
  db: Database;
  jwtSecret: string;
}

export interface RealtimeServer {
  /** Called by the HTTP server for upgrades on /realtime/v1/websocket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/**
 * Supabase Realtime's bounds, so that one client cannot take the server from the others. Frames over
 * MAX_FRAME_BYTES close the socket with 1009 (as Cowboy does); the others refuse one join with the
 * reason Realtime sends (RT realtime_channel.ex) and leave the rest of the connection working.
 */
export const MAX_FRAME_BYTES = 1024 * 1024;
export const MAX_CHANNELS_PER_CONNECTION = 100;
export const MAX_JOINS_PER_SECOND = 100;
export const MAX_POSTGRES_CHANGES_PER_JOIN = 100;
export const TOO_MANY_CHANNELS = 'ChannelRateLimitReached: Too many channels';
export const TOO_MANY_JOINS = 'ClientJoinRateLimitReached: Too many joins per second';
/** Realtime counts no entries (its frame size bounds them): the reason carries its code for bindings it cannot serve. */
export const TOO_MANY_POSTGRES_CHANGES = `RealtimeDisabledForConfiguration: Too many postgres_changes entries (at most ${MAX_POSTGRES_CHANGES_PER_JOIN} per join)`;

/** At most this many changes are read in one subscriber's transaction, so it holds a connection briefly. */
const CHANGES_PER_TRANSACTION = 100;

/** One WebSocket: its protocol version, the socket `apikey`'s claims and its joined channels. */
interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
  /** When this connection's joins of the last second were accepted, oldest first. */
  recentJoins: number[];
  /** Frames are handled one at a time, in arrival order, as a Phoenix channel process does. */
  inbox: Promise<void>;
}

interface Channel {
  connection: Connection;
  topic: string;
  joinRef: string | null;
  token: string;
  identity: RequestIdentity;
  /** The postgres_changes bindings as joined; re-checked whenever the token changes. */
  entries: PostgresChangesEntry[];
  subscriptions: Subscription[];
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  /** This channel's tracked presence, if any. */
  presenceMeta: Record<string, unknown> | null;
  expiryTimer: NodeJS.Timeout | null;
  closed: boolean;
}

type PostgresChangesEntry = { event?: unknown; schema?: unknown; table?: unknown; filter?: unknown };

/**
 * A binding as joined, reduced to the fields realtime-js compares in the reply. A nested value
 * counts as absent: JSON can nest deeper than the stack that would print or hash it.
 */
function toEntry(entry: Record<string, unknown>): PostgresChangesEntry {
  const scalar = (value: unknown) => (typeof value === 'object' ? undefined : value);
  return { event: scalar(entry.event), schema: scalar(entry.schema), table: scalar(entry.table), filter: scalar(entry.filter) };
}

class JoinError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stable id for a binding, in the range of Erlang's phash2 that Supabase Realtime uses. */
function bindingId(entry: PostgresChangesEntry): number {
  const text = JSON.stringify([entry.event, entry.schema, entry.table ?? null, entry.filter ?? null]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 2 ** 27;
}

/** Supabase Realtime's Phoenix protocol with postgres_changes (wire facts §3). */
export async function createRealtimeServer({ db, jwtSecret }: RealtimeOptions): Promise<RealtimeServer> {
  await installChangeCapture(db);

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const connections = new Set<Connection>();
  const tables = new Map<string, Promise<TableInfo | undefined>>();

  const tableInfo = (schema: string, table: string) => {
    const key = `${schema}.${table}`;
    let info = tables.get(key);
    if (!info) {
      info = loadTables(db, schema, table).then((found) => found[0]);
      // A failed lookup is retried next time rather than cached.
      info.catch(() => tables.delete(key));
      tables.set(key, info);
    }
    return info;
  };

  /** Verifies a token as Realtime does: a valid JWT whose role is an API role. */
  const identityFor = (token: string): RequestIdentity => {
    const claims = verifyJwt(token, jwtSecret);
    if (!API_ROLES.includes(claims.role as ApiRole)) throw new JwtError('JWT role is not an API role');
    return { role: claims.role as ApiRole, claims };
  };

  const send = (connection: Connection, frame: Frame) => {
    if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(encodeText(connection.vsn, frame));
  };
  const reply = (connection: Connection, request: Frame, status: 'ok' | 'error', response: object) =>
    send(connection, {
      joinRef: request.joinRef,
      ref: request.ref,
      topic: request.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  /** A reply-less message from the channel itself: it carries the join_ref. */
  const push = (channel: Channel, event: string, payload: unknown) =>
    send(channel.connection, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload });
  /** A message fanned out to a topic's subscribers (changes, broadcasts, presence diffs): no join_ref. */
  const fanOut = (channel: Channel, event: string, payload: unknown) =>
    send(channel.connection, { joinRef: null, ref: null, topic: channel.topic, event, payload });

  const channelsOn = (topic: string) =>
    [...connections].flatMap((connection) => {
      const channel = connection.channels.get(topic);
      return channel ? [channel] : [];
    });

  // Subscribers -------------------------------------------------------------------------------
  /**
   * Everyone joined with the same role and claims sees the same rows: a subscriber. Changes are
   * read once per subscriber (one RLS read), however many channels and bindings it holds, so the
   * work per change grows with subscribers, not channels.
   */
  const subscriberKeys = new WeakMap<RequestIdentity, string>();
  const subscriberKey = (identity: RequestIdentity) => {
    let key = subscriberKeys.get(identity);
    if (key === undefined) {
      key = JSON.stringify([identity.role, identity.claims]);
      subscriberKeys.set(identity, key);
    }
    return key;
  };

  /** What a kind of change (type and table) asks of one subscriber: its distinct filters and its channels' bindings. */
  interface Delivery {
    filters: FilterCondition[][];
    targets: { channel: Channel; covering: Subscription[] }[];
  }
  interface SubscriberChannels {
    identity: RequestIdentity;
    channels: Set<Channel>;
    /** Per kind of change; emptied whenever the channels or their bindings change. */
    deliveries: Map<string, Delivery>;
  }
  const subscriberChannels = new Map<string, SubscriberChannels>();

  /** Adds the channel under its subscriber, or notes that its bindings changed. */
  const trackChannel = (channel: Channel) => {
    const key = subscriberKey(channel.identity);
    let subscriber = subscriberChannels.get(key);
    if (!subscriber) subscriberChannels.set(key, (subscriber = { identity: channel.identity, channels: new Set(), deliveries: new Map() }));
    subscriber.channels.add(channel);
    subscriber.deliveries.clear();
  };
  const untrackChannel = (channel: Channel) => {
    const key = subscriberKey(channel.identity);
    const subscriber = subscriberChannels.get(key);
    if (!subscriber?.channels.delete(channel)) return;
    subscriber.deliveries.clear();
    if (subscriber.channels.size === 0) subscriberChannels.delete(key);
  };

  const deliveryFor = (subscriber: SubscriberChannels, change: CapturedChange): Delivery => {
    const filters = new Map<string, FilterCondition[]>();
    const targets: Delivery['targets'] = [];
    for (const channel of subscriber.channels) {
      const covering = channel.subscriptions.filter((subscription) => subscriptionCovers(subscription, change));
      if (covering.length === 0) continue;
      for (const { filter } of covering) filters.set(filterKey(filter), filter);
      targets.push({ channel, covering });
    }
    return { filters: [...filters.values()], targets };
  };

  // Presence ----------------------------------------------------------------------------------
  const presenceEntry = (meta: Record<string, unknown>, key: string) => ({ [key]: { metas: [meta] } });
  const sendPresenceDiff = (topic: string, joins: object, leaves: object) => {
    for (const channel of channelsOn(topic)) {
      if (channel.presenceEnabled) fanOut(channel, 'presence_diff', { joins, leaves });
    }
  };
  const presenceState = (topic: string) => {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const channel of channelsOn(topic)) {
      if (!channel.presenceMeta) continue;
      (state[channel.presenceKey] ??= { metas: [] }).metas.push(channel.presenceMeta);
    }
    return state;
  };

  const removeChannel = (channel: Channel) => {
    channel.closed = true;
    untrackChannel(channel);
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    if (channel.connection.channels.get(channel.topic) === channel) channel.connection.channels.delete(channel.topic);
    if (channel.presenceMeta) {
      sendPresenceDiff(channel.topic, {}, presenceEntry(channel.presenceMeta, channel.presenceKey));
      channel.presenceMeta = null;
    }
  };

  /** A token went bad (invalid update or expiry): tell the client and close the channel, as Realtime does. */
  const closeForToken = (channel: Channel, message: string) => {
    push(channel, 'system', {
      extension: 'system',
      status: 'error',
      message,
      channel: channel.topic.replace(/^realtime:/, ''),
    });
    send(channel.connection, {
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: 'phx_close',
      payload: {},
    });
    removeChannel(channel);
  };

  const scheduleExpiry = (channel: Channel) => {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    const remaining = (channel.identity.claims.exp as number) * 1000 - Date.now();
    // setTimeout holds at most 2^31-1 ms (about 25 days): a longer-lived token is checked again then.
    const delay = Math.max(0, Math.min(remaining, 2 ** 31 - 1));
    channel.expiryTimer = setTimeout(() => {
      if (delay < remaining) scheduleExpiry(channel);
      else closeForToken(channel, 'Token has expired');
    }, delay);
    channel.expiryTimer.unref();
  };

  // Joining ----------------------------------------------------------------------------------
  /** The published tables a binding names, captured from now on if they were added since the start. */
  const publishedTables = async (schema: string, table: string): Promise<TableInfo[]> => {
    let found = (await loadTables(db, schema, table)).filter((info) => info.inPublication);
    if (found.length === 0) throw new JoinError(`${schema}.${table} is not in publication supabase_realtime`);
    if (found.some((info) => !info.captured)) {
      await refreshChangeCapture(db);
      found = (await loadTables(db, schema, table)).filter((info) => info.inPublication);
    }
    for (const info of found) tables.set(`${info.schema}.${info.table}`, Promise.resolve(info));
    return found;
  };

  /**
   * Checks a binding against the catalog as Realtime's subscription_check_filters does. `lookups`
   * holds one join's publishedTables, so that its entries naming the same tables share one lookup.
   */
  const subscriptionFor = async (
    entry: PostgresChangesEntry,
    role: ApiRole,
    lookups: Map<string, Promise<TableInfo[]>>,
  ): Promise<Subscription> => {
    const event = typeof entry.event === 'string' ? entry.event.toUpperCase() : '';
    if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) throw new JoinError(`invalid event ${String(entry.event)}`);
    if (typeof entry.schema !== 'string' || entry.schema === '') throw new JoinError('schema is required');
    if (entry.table != null && typeof entry.table !== 'string') throw new JoinError('table must be a string');
    if (entry.filter != null && typeof entry.filter !== 'string') throw new JoinError('filter must be a string');
    const schema = entry.schema;
    const table = entry.table || '*';
    const filter = parseFilter(entry.filter as string | undefined);

    const lookupKey = JSON.stringify([schema, table]);
    if (!lookups.has(lookupKey)) lookups.set(lookupKey, publishedTables(schema, table));
    const found = await lookups.get(lookupKey)!;

    if (filter.length > 0) {
      if (found.length !== 1 || table === '*') throw new JoinError('filters need one table');
      const casts: string[] = [];
      const values: string[] = [];
      for (const condition of filter) {
        const column = found[0]!.columns.find(
          (c) => c.name === condition.column && c.selectableBy.includes(role),
        );
        if (!column) throw new JoinError(`invalid column for filter ${condition.column}`);
        const given =
          condition.operator === 'in' ? condition.values : condition.operator === 'is' ? [] : [condition.value];
        // like and match patterns compare as text; every other value must be a value of the column's type.
        const castable = !['like', 'ilike', 'match', 'imatch'].includes(condition.operator);
        for (const value of castable ? given : []) {
          values.push(value);
          casts.push(`$${values.length}::text::${column.sqlType}`);
        }
      }
      if (casts.length > 0) {
        await db.query(`select ${casts.join(', ')}`, values).catch((error: Error) => {
          throw new JoinError(`invalid filter value: ${error.message}`);
        });
      }
    }
    return { id: bindingId(entry), event: event as Subscription['event'], schema, table, filter };
  };

  /** All of a channel's bindings, or none (with the reason) if any one is refused. */
  const subscriptionsFor = async (entries: PostgresChangesEntry[], role: ApiRole) => {
    const subscriptions: Subscription[] = [];
    const lookups = new Map<string, Promise<TableInfo[]>>();
    for (const entry of entries) {
      try {
        subscriptions.push(await subscriptionFor(entry, role, lookups));
      } catch (error) {
        if (!(error instanceof JoinError || error instanceof FilterError)) throw error;
        const failure =
          'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given ' +
          `connect parameters: [event: ${String(entry.event)}, schema: ${String(entry.schema)}, ` +
          `table: ${String(entry.table ?? '*')}, filters: [${String(entry.filter ?? '')}]]: ${(error as Error).message}`;
        return { subscriptions: [], failure };
      }
    }
    return { subscriptions, failure: null };
  };

  const reportSubscription = (channel: Channel, failure: string | null) =>
    push(channel, 'system', {
      extension: 'postgres_changes',
      status: failure ? 'error' : 'ok',
      message: failure ?? 'Subscribed to PostgreSQL',
      channel: channel.topic.replace(/^realtime:/, ''),
    });

  /** Why this join must be refused before any work is spent on it, or null. */
  const joinRefusal = (connection: Connection, topic: string, config: Record<string, unknown>): string | null => {
    // Joining a topic again replaces its channel, so it does not count against the limit.
    if (!connection.channels.has(topic) && connection.channels.size >= MAX_CHANNELS_PER_CONNECTION) {
      return TOO_MANY_CHANNELS;
    }
    const now = Date.now();
    while (connection.recentJoins.length > 0 && connection.recentJoins[0]! <= now - 1000) connection.recentJoins.shift();
    if (connection.recentJoins.length >= MAX_JOINS_PER_SECOND) return TOO_MANY_JOINS;
    connection.recentJoins.push(now);
    if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > MAX_POSTGRES_CHANGES_PER_JOIN) {
      return TOO_MANY_POSTGRES_CHANGES;
    }
    return null;
  };

  const join = async (connection: Connection, frame: Frame) => {
    const payload = isObject(frame.payload) ? frame.payload : {};
    const config = isObject(payload.config) ? payload.config : {};
    const refusal = joinRefusal(connection, frame.topic, config);
    if (refusal) {
      reply(connection, frame, 'error', { reason: refusal });
      return;
    }
    // Publishable and secret keys (sb_…) are not JWTs: Realtime falls back to the socket's apikey.
    const token =
      typeof payload.access_token === 'string' && !payload.access_token.startsWith('sb_')
        ? payload.access_token
        : connection.apikey;
    let identity: RequestIdentity;
    try {
      identity = identityFor(token);
    } catch (error) {
      reply(connection, frame, 'error', { reason: `InvalidJWTToken: ${(error as Error).message}` });
      return;
    }

    const entries = Array.isArray(config.postgres_changes)
      ? (config.postgres_changes as unknown[]).filter(isObject).map(toEntry)
      : [];
    const { subscriptions, failure } = await subscriptionsFor(entries, identity.role);
    const options = isObject(config.postgres_changes_options) ? config.postgres_changes_options : {};
    if (failure && options.wait === true) {
      reply(connection, frame, 'error', { reason: `RealtimeDisabledForConfiguration: ${failure}` });
      return;
    }

    const previous = connection.channels.get(frame.topic);
    if (previous) removeChannel(previous);
    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const presence = isObject(config.presence) ? config.presence : {};
    const channel: Channel = {
      connection,
      topic: frame.topic,
      joinRef: frame.joinRef ?? frame.ref,
      token,
      identity,
      entries,
      subscriptions,
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      presenceEnabled: presence.enabled === true,
      presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
      presenceMeta: null,
      expiryTimer: null,
      closed: false,
    };
    connection.channels.set(frame.topic, channel);
    trackChannel(channel);
    scheduleExpiry(channel);

    reply(connection, frame, 'ok', {
      postgres_changes: entries.map((entry) => ({ ...entry, id: bindingId(entry) })),
    });
    if (entries.length > 0) reportSubscription(channel, failure);
    if (channel.presenceEnabled) push(channel, 'presence_state', presenceState(frame.topic));
  };

  // Frames of a joined channel -------------------------------------------------------------------
  const handleChannelFrame = async (channel: Channel, frame: Frame) => {
    const payload = isObject(frame.payload) ? frame.payload : {};
    switch (frame.event) {
      case 'phx_leave':
        removeChannel(channel);
        reply(channel.connection, frame, 'ok', {});
        return;
      case 'access_token': {
        const token = payload.access_token;
        // Publishable and secret keys are not JWTs; Realtime ignores them, and unchanged tokens.
        if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.token) return;
        let identity: RequestIdentity;
        try {
          identity = identityFor(token);
        } catch (error) {
          closeForToken(channel, `Received an invalid access token from client: ${(error as Error).message}`);
          return;
        }
        untrackChannel(channel);
        channel.identity = identity;
        trackChannel(channel);
        channel.token = token;
        scheduleExpiry(channel);
        // As Realtime does: subscribe again with the new claims (a join made with the anon key
        // before the session token arrived becomes the user's subscription here).
        if (channel.entries.length > 0) {
          const { subscriptions, failure } = await subscriptionsFor(channel.entries, identity.role);
          if (channel.closed) return;
          channel.subscriptions = subscriptions;
          trackChannel(channel);
          reportSubscription(channel, failure);
        }
        return;
      }
      case 'broadcast':
        relayBroadcast(channel, payload);
        if (channel.broadcastAck) reply(channel.connection, frame, 'ok', {});
        return;
      case 'presence': {
        const previous = channel.presenceMeta;
        if (payload.event === 'track') {
          channel.presenceMeta = { ...(isObject(payload.payload) ? payload.payload : {}), phx_ref: randomUUID() };
          sendPresenceDiff(
            channel.topic,
            presenceEntry(channel.presenceMeta, channel.presenceKey),
            previous ? presenceEntry(previous, channel.presenceKey) : {},
          );
        } else if (payload.event === 'untrack' && previous) {
          channel.presenceMeta = null;
          sendPresenceDiff(channel.topic, {}, presenceEntry(previous, channel.presenceKey));
        }
        reply(channel.connection, frame, 'ok', {});
        return;
      }
      default:
        // Realtime ignores events it does not know.
        return;
    }
  };

  /** Relays a JSON broadcast `{type, event, payload}` to the topic's other channels (and self if asked). */
  const relayBroadcast = (from: Channel, message: Record<string, unknown>) => {
    for (const channel of channelsOn(from.topic)) {
      if (channel === from && !from.broadcastSelf) continue;
      fanOut(channel, 'broadcast', message);
    }
  };

  const relayBinaryBroadcast = (from: Channel, data: Buffer) => {
    const message = decodeBinaryBroadcast(data);
    for (const channel of channelsOn(from.topic)) {
      if (channel === from && !from.broadcastSelf) continue;
      if (channel.connection.vsn === '2.0.0') {
        const frame = encodeBinaryBroadcast(channel.topic, message.userEvent, message.encoding, message.payload);
        if (channel.connection.ws.readyState === WebSocket.OPEN) channel.connection.ws.send(frame, { binary: true });
      } else if (message.encoding === 1) {
        fanOut(channel, 'broadcast', {
          type: 'broadcast',
          event: message.userEvent,
          payload: JSON.parse(message.payload.toString('utf8')),
        });
      }
    }
    if (from.broadcastAck && message.ref) {
      reply(from.connection, { joinRef: message.joinRef, ref: message.ref, topic: from.topic, event: 'broadcast', payload: {} }, 'ok', {});
    }
  };

  const handleFrame = async (connection: Connection, data: RawData, isBinary: boolean) => {
    if (isBinary) {
      const buffer = Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]);
      const topic = decodeBinaryBroadcast(buffer).topic;
      const channel = connection.channels.get(topic);
      if (channel) relayBinaryBroadcast(channel, buffer);
      return;
    }
    const frame = decodeText(connection.vsn, data.toString());
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
      reply(connection, frame, 'ok', {});
      return;
    }
    // Realtime's socket routes only realtime:* topics to channels.
    if (frame.event === 'phx_join' && frame.topic.startsWith('realtime:')) {
      await join(connection, frame);
      return;
    }
    const channel = connection.channels.get(frame.topic);
    if (!channel) {
      reply(connection, frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    await handleChannelFrame(channel, frame);
  };

  // Changes --------------------------------------------------------------------------------------
  /** A subscriber's changes being read: as Realtime's poller does, those waiting are read in one transaction. */
  interface Reading {
    identity: RequestIdentity;
    /** Changes not yet read, in commit order. */
    waiting: { change: CapturedChange; filters: FilterCondition[][]; done: (event: SubscriberChange | null) => void }[];
    /** Settles once no change is waiting. */
    computing: Promise<void>;
  }
  const readings = new Map<string, Reading>();

  /** Reads a subscriber's waiting changes, in order, until none are left; then forgets it. */
  const computeWaiting = async (key: string, reading: Reading) => {
    while (reading.waiting.length > 0) {
      // The changes of one commit arrive in one burst: let the whole burst join this batch.
      await Promise.resolve();
      const batch = reading.waiting.splice(0, CHANGES_PER_TRANSACTION);
      try {
        await runAs(db, reading.identity, { readOnly: true }, async (tx) => {
          for (; batch.length > 0; batch.shift()) {
            const { change, filters, done } = batch[0]!;
            const table = await tableInfo(change.schema, change.table);
            done(table ? await changeFor(tx, table, change, reading.identity, filters) : null);
          }
        });
      } catch (error) {
        console.error(`realtime: could not compute ${batch.length} changes for a subscriber:`, error);
        // The failed change and those after it in this batch are not sent; later batches are.
        for (const { done } of batch) done(null);
      }
    }
    readings.delete(key);
  };

  const computeFor = (identity: RequestIdentity, change: CapturedChange, filters: FilterCondition[][]) =>
    new Promise<SubscriberChange | null>((done) => {
      const key = subscriberKey(identity);
      const waiting = { change, filters, done };
      const reading = readings.get(key);
      if (reading) return void reading.waiting.push(waiting);
      const created: Reading = { identity, waiting: [waiting], computing: Promise.resolve() };
      readings.set(key, created);
      created.computing = computeWaiting(key, created);
    });

  const deliver = (change: CapturedChange) => {
    const kind = JSON.stringify([change.type, change.schema, change.table]);
    for (const subscriber of subscriberChannels.values()) {
      let delivery = subscriber.deliveries.get(kind);
      if (!delivery) subscriber.deliveries.set(kind, (delivery = deliveryFor(subscriber, change)));
      if (delivery.targets.length === 0) continue;
      const { targets } = delivery;
      // A subscriber's changes resolve in commit order, so each of its channels sends them in that
      // order. Only a channel whose token just changed (a new subscriber) may get a change read
      // under its old token after one read under the new.
      void computeFor(subscriber.identity, change, delivery.filters).then((event) => {
        if (!event) return;
        for (const { channel, covering } of targets) {
          if (channel.closed) continue;
          const ids = covering.filter((subscription) => event.matches(subscription.filter)).map((s) => s.id);
          if (ids.length > 0) fanOut(channel, 'postgres_changes', { ids, data: event.data });
        }
      });
    }
  };
  const stopListening = await db.listen(CHANGES_CHANNEL, (payload) => deliver(parseCapturedChange(payload)));

  // Connections ----------------------------------------------------------------------------------
  const refuse = (socket: Duplex, status: string, message: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${message}`);
  };

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const apikey = url.searchParams.get('apikey') ?? '';
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
      if (!SUPPORTED_VSNS.includes(vsn)) return refuse(socket, '400 Bad Request', `unsupported vsn ${vsn}`);
      try {
        identityFor(apikey);
      } catch (error) {
        return refuse(socket, '403 Forbidden', `invalid apikey: ${(error as Error).message}`);
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
          connection.inbox = connection.inbox
            .then(() => handleFrame(connection, data, isBinary))
            .catch((error: unknown) => {
              if (error instanceof ProtocolError) ws.close(1003, error.message);
              else console.error('realtime: frame failed:', error);
            });
        });
        ws.on('close', () => {
          connections.delete(connection);
          for (const channel of [...connection.channels.values()]) removeChannel(channel);
        });
      });
    },
    async close() {
      await stopListening();
      for (const connection of connections) {
        for (const channel of [...connection.channels.values()]) removeChannel(channel);
        connection.ws.close(1001, 'server shutting down');
      }
      // Changes already being read finish before the database closes.
      await Promise.all([...readings.values()].map((reading) => reading.computing));
      wss.close();
    },
  };
}
