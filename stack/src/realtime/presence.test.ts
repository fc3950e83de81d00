import { describe, expect, it } from 'vitest';
import { handlePresence, leavePresence, presenceOf, sendPresenceState } from './presence';
import { joinedChannel, recordingConnection } from './test-support';

const TOPIC = 'realtime:room';
const trackFrame = { joinRef: '1', ref: '2', topic: TOPIC, event: 'presence', payload: {} };

/** Two presence-enabled channels and one without presence, on one topic. */
function room() {
  const [a, b, c] = [recordingConnection(), recordingConnection(), recordingConnection()];
  const alice = joinedChannel(a, TOPIC, { presence: { enabled: true, key: 'alice', meta: null } });
  const bob = joinedChannel(b, TOPIC, { presence: { enabled: true, key: 'bob', meta: null } });
  const quiet = joinedChannel(c, TOPIC);
  return { a, b, c, alice, bob, quiet, peers: [alice, bob, quiet] };
}

describe('presenceOf', () => {
  it('reads enabled and key from the join config, making up a key when none is given', () => {
    expect(presenceOf({ presence: { enabled: true, key: 'me' } })).toEqual({ enabled: true, key: 'me', meta: null });
    const made = presenceOf({ presence: { key: '' } });
    expect(made.enabled).toBe(false);
    expect(made.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(presenceOf({ presence: 'yes' }).enabled).toBe(false);
  });
});

describe('presence', () => {
  it('track sends a join diff to the presence-enabled channels and acknowledges', () => {
    const { a, b, c, alice, peers } = room();
    handlePresence(alice, trackFrame, { event: 'track', payload: { status: 'online' } }, peers);
    const meta = { status: 'online', phx_ref: expect.any(String) };
    const diff = [null, null, TOPIC, 'presence_diff', { joins: { alice: { metas: [meta] } }, leaves: {} }];
    expect(b.sent).toEqual([diff]);
    expect(a.sent).toEqual([diff, ['1', '2', TOPIC, 'phx_reply', { status: 'ok', response: {} }]]);
    expect(c.sent).toEqual([]);
  });

  it('tracking again replaces the state: the new one joins, the old one leaves', () => {
    const { b, alice, peers } = room();
    handlePresence(alice, trackFrame, { event: 'track', payload: { n: 1 } }, peers);
    const first = alice.presence.meta;
    handlePresence(alice, trackFrame, { event: 'track', payload: { n: 2 } }, peers);
    expect(b.sent[1]).toEqual([
      null,
      null,
      TOPIC,
      'presence_diff',
      { joins: { alice: { metas: [alice.presence.meta] } }, leaves: { alice: { metas: [first] } } },
    ]);
  });

  it('untrack and leaving send a leave diff once; without a tracked state, nothing', () => {
    const { b, alice, peers } = room();
    handlePresence(alice, trackFrame, { event: 'track', payload: {} }, peers);
    const meta = alice.presence.meta;
    handlePresence(alice, trackFrame, { event: 'untrack' }, peers);
    leavePresence(alice, peers);
    expect(alice.presence.meta).toBeNull();
    expect(b.sent.slice(1)).toEqual([
      [null, null, TOPIC, 'presence_diff', { joins: {}, leaves: { alice: { metas: [meta] } } }],
    ]);
  });

  it('sends a joining channel every tracked state on its topic, grouped by key', () => {
    const { a, alice, bob, peers } = room();
    bob.presence.meta = { phx_ref: 'r1' };
    const twin = joinedChannel(recordingConnection(), TOPIC, {
      presence: { enabled: true, key: 'bob', meta: { phx_ref: 'r2' } },
    });
    sendPresenceState(alice, [...peers, twin]);
    expect(a.sent).toEqual([
      ['1', null, TOPIC, 'presence_state', { bob: { metas: [{ phx_ref: 'r1' }, { phx_ref: 'r2' }] } }],
    ]);
  });
});
