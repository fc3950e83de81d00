/**
 * Broadcast: a channel's messages relayed to the other channels on its topic (and to itself with
 * `self`), acknowledged with `ack`. realtime-js 2.x sends them as binary frames on vsn 2.0.0.
 */
import type { Channel } from './channel';
import { fanOut, reply, sendBinary } from './connection';
import { type BinaryBroadcast, encodeBinaryBroadcast, type Frame, isObject } from './protocol';

export interface BroadcastOptions {
  self: boolean;
  ack: boolean;
}

export function broadcastOptionsOf(config: Record<string, unknown>): BroadcastOptions {
  const broadcast = isObject(config.broadcast) ? config.broadcast : {};
  return { self: broadcast.self === true, ack: broadcast.ack === true };
}

const recipients = (from: Channel, peers: Iterable<Channel>) =>
  [...peers].filter((channel) => channel !== from || from.broadcast.self);

/** Relays a JSON broadcast `{type, event, payload}` to the topic's channels (`peers`). */
export function relayBroadcast(
  from: Channel,
  frame: Frame,
  message: Record<string, unknown>,
  peers: Iterable<Channel>,
): void {
  for (const channel of recipients(from, peers)) fanOut(channel, 'broadcast', message);
  if (from.broadcast.ack) reply(from.connection, frame, 'ok', {});
}

/** Relays a binary broadcast: as binary to vsn 2.0.0 sockets, as JSON to vsn 1.0.0 ones if its payload is JSON. */
export function relayBinaryBroadcast(from: Channel, message: BinaryBroadcast, peers: Iterable<Channel>): void {
  for (const channel of recipients(from, peers)) {
    if (channel.connection.vsn === '2.0.0') {
      sendBinary(
        channel.connection,
        encodeBinaryBroadcast(channel.topic, message.userEvent, message.encoding, message.payload),
      );
    } else if (message.encoding === 1) {
      fanOut(channel, 'broadcast', {
        type: 'broadcast',
        event: message.userEvent,
        payload: JSON.parse(message.payload.toString('utf8')),
      });
    }
  }
  if (from.broadcast.ack && message.ref) {
    reply(
      from.connection,
      { joinRef: message.joinRef, ref: message.ref, topic: from.topic, event: 'broadcast', payload: {} },
      'ok',
      {},
    );
  }
}
