/**
 * Presence as realtime-js uses it: each channel tracks at most one state under its presence key;
 * joins and leaves reach the topic's presence-enabled channels as diffs, and a joining channel
 * gets the whole state.
 */
import { randomUUID } from 'node:crypto';
import type { Channel } from './channel';
import { fanOut, push, reply } from './connection';
import { type Frame, isObject } from './protocol';

export interface Presence {
  enabled: boolean;
  key: string;
  /** This channel's tracked state, if any. */
  meta: Record<string, unknown> | null;
}

/** The join config's presence; without a key, Realtime makes one up. */
export function presenceOf(config: Record<string, unknown>): Presence {
  const presence = isObject(config.presence) ? config.presence : {};
  return {
    enabled: presence.enabled === true,
    key: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
    meta: null,
  };
}

const entry = (meta: Record<string, unknown>, key: string) => ({ [key]: { metas: [meta] } });

function sendDiff(peers: Iterable<Channel>, joins: object, leaves: object): void {
  for (const channel of peers) {
    if (channel.presence.enabled) fanOut(channel, 'presence_diff', { joins, leaves });
  }
}

/** Sends a channel that just joined the presence of everyone on its topic (`peers`). */
export function sendPresenceState(channel: Channel, peers: Iterable<Channel>): void {
  const state: Record<string, { metas: Record<string, unknown>[] }> = {};
  for (const peer of peers) {
    if (!peer.presence.meta) continue;
    (state[peer.presence.key] ??= { metas: [] }).metas.push(peer.presence.meta);
  }
  push(channel, 'presence_state', state);
}

/** A `presence` frame: `track` replaces the channel's state, `untrack` removes it; either is acknowledged. */
export function handlePresence(
  channel: Channel,
  frame: Frame,
  payload: Record<string, unknown>,
  peers: Iterable<Channel>,
): void {
  const previous = channel.presence.meta;
  if (payload.event === 'track') {
    channel.presence.meta = { ...(isObject(payload.payload) ? payload.payload : {}), phx_ref: randomUUID() };
    sendDiff(
      peers,
      entry(channel.presence.meta, channel.presence.key),
      previous ? entry(previous, channel.presence.key) : {},
    );
  } else if (payload.event === 'untrack') {
    leavePresence(channel, peers);
  }
  reply(channel.connection, frame, 'ok', {});
}

/** The channel's state, if it tracks one, leaves the topic. */
export function leavePresence(channel: Channel, peers: Iterable<Channel>): void {
  const { meta, key } = channel.presence;
  if (!meta) return;
  channel.presence.meta = null;
  sendDiff(peers, {}, entry(meta, key));
}
