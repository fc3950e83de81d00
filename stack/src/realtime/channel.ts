/**
 * Channels as Supabase Realtime's RealtimeChannel has them: joining a `realtime:` topic (bounded per
 * connection), leaving it, the channel's access token and its expiry, and the frames of a joined
 * channel routed to postgres_changes, broadcast and presence.
 */
import type { RequestIdentity } from '../db/database';
import { broadcastOptionsOf, type BroadcastOptions, relayBinaryBroadcast, relayBroadcast } from './broadcast';
import { type Connection, push, realtimeIdentity, reply, send, takeJoin, TOO_MANY_JOINS } from './connection';
import type { Subscription } from './delivery';
import { createFilterQuota, type FilterClaim, filtersOf, TOO_MANY_FILTERS, userOf } from './filter-quota';
import type { PostgresChanges } from './postgres-changes';
import { handlePresence, leavePresence, type Presence, presenceOf, sendPresenceState } from './presence';
import { decodeBinaryBroadcast, type Frame, isObject } from './protocol';
import {
  type Binding,
  bindingsOf,
  joinedBindings,
  reportSubscription,
  tooManyBindings,
  TOO_MANY_POSTGRES_CHANGES,
  waitsForSubscription,
} from './subscriptions';

export const MAX_CHANNELS_PER_CONNECTION = 100;
export const TOO_MANY_CHANNELS = 'ChannelRateLimitReached: Too many channels';

export interface Channel {
  connection: Connection;
  topic: string;
  joinRef: string | null;
  token: string;
  identity: RequestIdentity;
  /** The postgres_changes bindings as joined; re-checked whenever the token changes. */
  bindings: Binding[];
  subscriptions: Subscription[];
  broadcast: BroadcastOptions;
  presence: Presence;
  expiryTimer: NodeJS.Timeout | null;
  closed: boolean;
}

export interface ChannelsOptions {
  jwtSecret: string;
  postgresChanges: PostgresChanges;
  /** Every open connection, whose channels on a topic are that topic's peers. */
  connections: ReadonlySet<Connection>;
}

export interface Channels {
  /** A text frame other than a heartbeat: a join, or a frame of a joined channel. */
  handleFrame(connection: Connection, frame: Frame): Promise<void>;
  /** A binary broadcast, relayed if its topic is joined. */
  handleBinary(connection: Connection, data: Buffer): void;
  /** Leaves every channel of the connection (it closed, or the server is closing). */
  leaveAll(connection: Connection): void;
}

export function createChannels({ jwtSecret, postgresChanges, connections }: ChannelsOptions): Channels {
  /** Each user's distinct filters, across all connections; each channel's share of them. */
  const filterQuota = createFilterQuota();
  const filterClaims = new WeakMap<Channel, FilterClaim>();

  const peersOn = (topic: string) =>
    [...connections].flatMap((connection) => {
      const channel = connection.channels.get(topic);
      return channel ? [channel] : [];
    });

  const remove = (channel: Channel) => {
    channel.closed = true;
    postgresChanges.untrack(channel);
    filterClaims.get(channel)?.release();
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    if (channel.connection.channels.get(channel.topic) === channel) channel.connection.channels.delete(channel.topic);
    leavePresence(channel, peersOn(channel.topic));
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
    remove(channel);
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

  /** Why this join must be refused before any work is spent on it, or null. */
  const joinRefusal = (connection: Connection, topic: string, config: Record<string, unknown>): string | null => {
    // Joining a topic again replaces its channel, so it does not count against the limit.
    if (!connection.channels.has(topic) && connection.channels.size >= MAX_CHANNELS_PER_CONNECTION) {
      return TOO_MANY_CHANNELS;
    }
    if (!takeJoin(connection)) return TOO_MANY_JOINS;
    if (tooManyBindings(config)) return TOO_MANY_POSTGRES_CHANGES;
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
      identity = realtimeIdentity(token, jwtSecret);
    } catch (error) {
      reply(connection, frame, 'error', { reason: `InvalidJWTToken: ${(error as Error).message}` });
      return;
    }

    const bindings = bindingsOf(config);
    // Taken before the bindings are checked against the catalog, so that a refused join costs no query.
    const replaced = connection.channels.get(frame.topic);
    const claim = filterQuota.claim(userOf(identity), filtersOf(bindings), replaced && filterClaims.get(replaced));
    if (!claim) {
      reply(connection, frame, 'error', { reason: TOO_MANY_FILTERS });
      return;
    }
    const { subscriptions, failure } = await postgresChanges.subscribe(bindings, identity.role);
    if (failure && waitsForSubscription(config)) {
      claim.release();
      reply(connection, frame, 'error', { reason: `RealtimeDisabledForConfiguration: ${failure}` });
      return;
    }

    const previous = connection.channels.get(frame.topic);
    if (previous) remove(previous);
    const channel: Channel = {
      connection,
      topic: frame.topic,
      joinRef: frame.joinRef ?? frame.ref,
      token,
      identity,
      bindings,
      subscriptions,
      broadcast: broadcastOptionsOf(config),
      presence: presenceOf(config),
      expiryTimer: null,
      closed: false,
    };
    connection.channels.set(frame.topic, channel);
    filterClaims.set(channel, claim);
    postgresChanges.track(channel);
    scheduleExpiry(channel);

    reply(connection, frame, 'ok', { postgres_changes: joinedBindings(bindings) });
    if (bindings.length > 0) reportSubscription(channel, failure);
    if (channel.presence.enabled) sendPresenceState(channel, peersOn(frame.topic));
  };

  /** A new access token for the channel; publishable and secret keys, and unchanged tokens, are ignored as Realtime does. */
  const updateToken = async (channel: Channel, token: unknown) => {
    if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.token) return;
    let identity: RequestIdentity;
    try {
      identity = realtimeIdentity(token, jwtSecret);
    } catch (error) {
      closeForToken(channel, `Received an invalid access token from client: ${(error as Error).message}`);
      return;
    }
    // A token of another user moves the channel's filters to that user, within their bound.
    const held = filterClaims.get(channel);
    if (held?.user !== userOf(identity)) {
      const claim = filterQuota.claim(userOf(identity), filtersOf(channel.bindings));
      if (!claim) {
        closeForToken(channel, TOO_MANY_FILTERS);
        return;
      }
      held?.release();
      filterClaims.set(channel, claim);
    }
    postgresChanges.untrack(channel);
    channel.identity = identity;
    postgresChanges.track(channel);
    channel.token = token;
    scheduleExpiry(channel);
    // As Realtime does: subscribe again with the new claims (a join made with the anon key
    // before the session token arrived becomes the user's subscription here).
    if (channel.bindings.length > 0) {
      const { subscriptions, failure } = await postgresChanges.subscribe(channel.bindings, identity.role);
      if (channel.closed) return;
      channel.subscriptions = subscriptions;
      postgresChanges.track(channel);
      reportSubscription(channel, failure);
    }
  };

  const handleChannelFrame = async (channel: Channel, frame: Frame) => {
    const payload = isObject(frame.payload) ? frame.payload : {};
    switch (frame.event) {
      case 'phx_leave':
        remove(channel);
        reply(channel.connection, frame, 'ok', {});
        return;
      case 'access_token':
        return updateToken(channel, payload.access_token);
      case 'broadcast':
        return relayBroadcast(channel, frame, payload, peersOn(channel.topic));
      case 'presence':
        return handlePresence(channel, frame, payload, peersOn(channel.topic));
      default:
        // Realtime ignores events it does not know.
        return;
    }
  };

  return {
    async handleFrame(connection, frame) {
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
    },
    handleBinary(connection, data) {
      const message = decodeBinaryBroadcast(data);
      const channel = connection.channels.get(message.topic);
      if (channel) relayBinaryBroadcast(channel, message, peersOn(channel.topic));
    },
    leaveAll(connection) {
      for (const channel of [...connection.channels.values()]) remove(channel);
    },
  };
}
