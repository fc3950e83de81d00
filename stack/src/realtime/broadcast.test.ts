import { describe, expect, it } from 'vitest';
import { broadcastOptionsOf, relayBinaryBroadcast, relayBroadcast } from './broadcast';
import { decodeBinaryBroadcast } from './protocol';
import { joinedChannel, recordingConnection } from './test-support';

const TOPIC = 'realtime:room';
const frame = { joinRef: '1', ref: '5', topic: TOPIC, event: 'broadcast', payload: {} };
const message = { type: 'broadcast', event: 'cursor', payload: { x: 1 } };

/** A client's binary broadcast (kind 3) as realtime-js 2.x writes it. */
function binaryPush(ref: string, encoding: 0 | 1, payload: Buffer): Buffer {
  const parts = ['1', ref, TOPIC, 'cursor'].map((text) => Buffer.from(text));
  return Buffer.concat([Buffer.from([3, ...parts.map((part) => part.length), 0, encoding]), ...parts, payload]);
}

describe('broadcastOptionsOf', () => {
  it('reads self and ack, off unless exactly true', () => {
    expect(broadcastOptionsOf({ broadcast: { self: true, ack: 'yes' } })).toEqual({ self: true, ack: false });
    expect(broadcastOptionsOf({})).toEqual({ self: false, ack: false });
  });
});

describe('relayBroadcast', () => {
  it('reaches the other channels on the topic, not the sender, with no acknowledgement', () => {
    const [a, b] = [recordingConnection(), recordingConnection()];
    const sender = joinedChannel(a, TOPIC);
    relayBroadcast(sender, frame, message, [sender, joinedChannel(b, TOPIC)]);
    expect(b.sent).toEqual([[null, null, TOPIC, 'broadcast', message]]);
    expect(a.sent).toEqual([]);
  });

  it('reaches the sender too with self, and acknowledges with ack', () => {
    const a = recordingConnection();
    const sender = joinedChannel(a, TOPIC, { broadcast: { self: true, ack: true } });
    relayBroadcast(sender, frame, message, [sender]);
    expect(a.sent).toEqual([
      [null, null, TOPIC, 'broadcast', message],
      ['1', '5', TOPIC, 'phx_reply', { status: 'ok', response: {} }],
    ]);
  });
});

describe('relayBinaryBroadcast', () => {
  it('sends vsn 2.0.0 sockets the binary frame and vsn 1.0.0 sockets JSON, acknowledging by the frame ref', () => {
    const [a, modern, legacy] = [recordingConnection(), recordingConnection('2.0.0'), recordingConnection('1.0.0')];
    const sender = joinedChannel(a, TOPIC, { broadcast: { self: false, ack: true } });
    const peers = [sender, joinedChannel(modern, TOPIC), joinedChannel(legacy, TOPIC)];
    relayBinaryBroadcast(sender, decodeBinaryBroadcast(binaryPush('7', 1, Buffer.from('{"x":1}'))), peers);
    const topic = Buffer.from(TOPIC);
    expect(modern.binary).toEqual([
      Buffer.concat([Buffer.from([4, topic.length, 6, 0, 1]), topic, Buffer.from('cursor{"x":1}')]),
    ]);
    expect(legacy.sent).toEqual([{ topic: TOPIC, event: 'broadcast', payload: message, ref: null }]);
    expect(a.sent).toEqual([['1', '7', TOPIC, 'phx_reply', { status: 'ok', response: {} }]]);
  });

  it('sends raw payloads to vsn 2.0.0 sockets only, and acknowledges nothing without a ref', () => {
    const [a, legacy] = [recordingConnection(), recordingConnection('1.0.0')];
    const sender = joinedChannel(a, TOPIC, { broadcast: { self: true, ack: true } });
    relayBinaryBroadcast(sender, decodeBinaryBroadcast(binaryPush('', 0, Buffer.from([1, 2]))), [
      sender,
      joinedChannel(legacy, TOPIC),
    ]);
    expect(a.binary).toHaveLength(1);
    expect(a.sent).toEqual([]);
    expect(legacy.sent).toEqual([]);
  });
});
