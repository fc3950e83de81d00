import { afterEach, describe, expect, it, vi } from 'vitest';
import { signJwt } from '../auth/jwt';
import { type Channel, createChannels, MAX_CHANNELS_PER_CONNECTION, TOO_MANY_CHANNELS } from './channel';
import { type Connection, MAX_JOINS_PER_SECOND, TOO_MANY_JOINS } from './connection';
import { MAX_FILTERS_PER_USER, TOO_MANY_FILTERS } from './filter-quota';
import type { PostgresChanges } from './postgres-changes';
import { bindingId, MAX_POSTGRES_CHANGES_PER_JOIN, TOO_MANY_POSTGRES_CHANGES } from './subscriptions';
import { recordingConnection } from './test-support';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const token = (role: string, claims: Record<string, unknown> = {}) =>
  signJwt({ role, exp: inAnHour(), ...claims }, SECRET);
const BINDING = { event: 'INSERT', schema: 'public', table: 'notes' };

/** Subscriptions that succeed unless `failure` is set, and the channels tracked. */
function fakePostgresChanges(failure: string | null = null) {
  const tracked = new Set<Channel>();
  const subscribedAs: string[] = [];
  const postgresChanges: PostgresChanges = {
    subscribe: async (bindings, role) => {
      subscribedAs.push(role);
      return failure
        ? { subscriptions: [], failure }
        : {
            subscriptions: bindings.map(() => ({ id: 1, event: '*', schema: 'public', table: 'notes', filter: [], facts: [] })),
            failure,
          };
    },
    track: (channel) => void tracked.add(channel),
    untrack: (channel) => void tracked.delete(channel),
    stopListening: async () => {},
    settled: async () => {},
  };
  return { postgresChanges, tracked, subscribedAs };
}

function setup(failure: string | null = null) {
  const fake = fakePostgresChanges(failure);
  const connections = new Set<Connection>();
  const channels = createChannels({ jwtSecret: SECRET, postgresChanges: fake.postgresChanges, connections });
  const connect = () => {
    const connection = recordingConnection('2.0.0', token('anon'));
    connections.add(connection);
    return connection;
  };
  return { ...fake, channels, connect };
}

const joinFrame = (topic: string, ref: string, payload: Record<string, unknown> = {}) => ({
  joinRef: ref,
  ref,
  topic,
  event: 'phx_join',
  payload,
});
const replyOf = (connection: { sent: unknown[] }, ref: string) =>
  (
    connection.sent.find((frame) => (frame as unknown[])[1] === ref && (frame as unknown[])[3] === 'phx_reply') as
      unknown[] | undefined
  )?.[4];

afterEach(() => {
  vi.useRealTimers();
});

describe('joining', () => {
  it('replies with the bindings and their ids, reports the subscription and tracks the channel', async () => {
    const { channels, connect, tracked } = setup();
    const connection = connect();
    await channels.handleFrame(
      connection,
      joinFrame('realtime:notes', '1', { config: { postgres_changes: [BINDING] } }),
    );
    expect(connection.sent).toEqual([
      [
        '1',
        '1',
        'realtime:notes',
        'phx_reply',
        { status: 'ok', response: { postgres_changes: [{ ...BINDING, id: bindingId(BINDING) }] } },
      ],
      [
        '1',
        null,
        'realtime:notes',
        'system',
        { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'notes' },
      ],
    ]);
    expect([...tracked].map((channel) => channel.topic)).toEqual(['realtime:notes']);
  });

  it('joins with the socket apikey when the join carries no token or a publishable key', async () => {
    const { channels, connect } = setup();
    const connection = connect();
    await channels.handleFrame(connection, joinFrame('realtime:a', '1', { access_token: 'sb_publishable_x' }));
    expect(connection.channels.get('realtime:a')?.token).toBe(connection.apikey);
  });

  it('refuses a token that is not a valid JWT of an API role', async () => {
    const { channels, connect } = setup();
    const connection = connect();
    await channels.handleFrame(connection, joinFrame('realtime:a', '1', { access_token: token('postgres') }));
    expect(replyOf(connection, '1')).toEqual({
      status: 'error',
      response: { reason: 'InvalidJWTToken: JWT role is not an API role' },
    });
    expect(connection.channels.size).toBe(0);
  });

  it('reports refused bindings, and refuses the join for them only with wait', async () => {
    const { channels, connect } = setup('no such table');
    const connection = connect();
    await channels.handleFrame(connection, joinFrame('realtime:a', '1', { config: { postgres_changes: [BINDING] } }));
    expect(connection.sent[1]).toMatchObject([
      '1',
      null,
      'realtime:a',
      'system',
      { status: 'error', message: 'no such table' },
    ]);
    const config = { postgres_changes: [BINDING], postgres_changes_options: { wait: true } };
    await channels.handleFrame(connection, joinFrame('realtime:b', '2', { config }));
    expect(replyOf(connection, '2')).toEqual({
      status: 'error',
      response: { reason: 'RealtimeDisabledForConfiguration: no such table' },
    });
  });

  it(`refuses more than ${MAX_CHANNELS_PER_CONNECTION} channels on a connection, though joining a topic again replaces it`, async () => {
    vi.useFakeTimers();
    const { channels, connect } = setup();
    const connection = connect();
    for (let i = 0; i < MAX_CHANNELS_PER_CONNECTION; i++)
      await channels.handleFrame(connection, joinFrame(`realtime:${i}`, `${i}`));
    vi.advanceTimersByTime(1000);
    await channels.handleFrame(connection, joinFrame('realtime:one-more', 'x'));
    expect(replyOf(connection, 'x')).toEqual({ status: 'error', response: { reason: TOO_MANY_CHANNELS } });
    await channels.handleFrame(connection, joinFrame('realtime:0', 'again'));
    expect(replyOf(connection, 'again')).toMatchObject({ status: 'ok' });
  });

  it(`refuses more than ${MAX_JOINS_PER_SECOND} joins a second, and ${MAX_POSTGRES_CHANGES_PER_JOIN} bindings a join`, async () => {
    vi.useFakeTimers();
    const { channels, connect } = setup();
    const connection = connect();
    for (let i = 0; i < MAX_JOINS_PER_SECOND; i++)
      await channels.handleFrame(connection, joinFrame('realtime:same', `${i}`));
    await channels.handleFrame(connection, joinFrame('realtime:same', 'fast'));
    expect(replyOf(connection, 'fast')).toEqual({ status: 'error', response: { reason: TOO_MANY_JOINS } });
    vi.advanceTimersByTime(1000);
    const config = { postgres_changes: Array.from({ length: MAX_POSTGRES_CHANGES_PER_JOIN + 1 }, () => BINDING) };
    await channels.handleFrame(connection, joinFrame('realtime:many', 'many', { config }));
    expect(replyOf(connection, 'many')).toEqual({ status: 'error', response: { reason: TOO_MANY_POSTGRES_CHANGES } });
  });

  describe(`distinct filters per user (at most ${MAX_FILTERS_PER_USER})`, () => {
    const PER_JOIN = MAX_POSTGRES_CHANGES_PER_JOIN;
    /** A join config with PER_JOIN distinct filters, numbered from `from`. */
    const filtered = (from: number, count = PER_JOIN) => ({
      postgres_changes: Array.from({ length: count }, (_, i) => ({ ...BINDING, filter: `id=eq.${from + i}` })),
    });
    const alice = () => token('authenticated', { sub: 'alice' });

    it("are counted across the user's sockets: a join adding one more is refused before any subscription", async () => {
      const { channels, connect, subscribedAs } = setup();
      const [first, second] = [connect(), connect()];
      for (let i = 0; i < MAX_FILTERS_PER_USER / PER_JOIN; i++) {
        const connection = i % 2 === 0 ? first : second;
        await channels.handleFrame(
          connection,
          joinFrame(`realtime:${i}`, `${i}`, { config: filtered(i * PER_JOIN), access_token: alice() }),
        );
        expect(replyOf(connection, `${i}`)).toMatchObject({ status: 'ok' });
      }
      const subscribed = subscribedAs.length;
      await channels.handleFrame(
        second,
        joinFrame('realtime:one-more', 'x', { config: filtered(MAX_FILTERS_PER_USER, 1), access_token: alice() }),
      );
      expect(replyOf(second, 'x')).toEqual({ status: 'error', response: { reason: TOO_MANY_FILTERS } });
      expect(second.channels.has('realtime:one-more')).toBe(false);
      expect(subscribedAs).toHaveLength(subscribed);

      // Filters the user already holds, or none, add nothing; another user has a bound of their own.
      await channels.handleFrame(first, joinFrame('realtime:same', 'same', { config: filtered(0), access_token: alice() }));
      expect(replyOf(first, 'same')).toMatchObject({ status: 'ok' });
      await channels.handleFrame(first, joinFrame('realtime:none', 'none', { config: { postgres_changes: [BINDING] }, access_token: alice() }));
      expect(replyOf(first, 'none')).toMatchObject({ status: 'ok' });
      const bob = token('authenticated', { sub: 'bob' });
      await channels.handleFrame(second, joinFrame('realtime:bob', 'bob', { config: filtered(MAX_FILTERS_PER_USER), access_token: bob }));
      expect(replyOf(second, 'bob')).toMatchObject({ status: 'ok' });
    });

    it('are given back when a channel leaves or closes, and not counted twice when a topic is joined again', async () => {
      const { channels, connect } = setup();
      const connection = connect();
      for (let i = 0; i < MAX_FILTERS_PER_USER / PER_JOIN; i++) {
        await channels.handleFrame(
          connection,
          joinFrame(`realtime:${i}`, `${i}`, { config: filtered(i * PER_JOIN), access_token: alice() }),
        );
      }
      // Joining topic 0 again with other filters replaces its own.
      await channels.handleFrame(
        connection,
        joinFrame('realtime:0', 'again', { config: filtered(MAX_FILTERS_PER_USER), access_token: alice() }),
      );
      expect(replyOf(connection, 'again')).toMatchObject({ status: 'ok' });
      await channels.handleFrame(connection, { joinRef: '1', ref: 'leave', topic: 'realtime:1', event: 'phx_leave', payload: {} });
      await channels.handleFrame(
        connection,
        joinFrame('realtime:new', 'new', { config: filtered(2 * MAX_FILTERS_PER_USER), access_token: alice() }),
      );
      expect(replyOf(connection, 'new')).toMatchObject({ status: 'ok' });
      channels.leaveAll(connection);
      const other = connect();
      await channels.handleFrame(
        other,
        joinFrame('realtime:after', 'after', { config: filtered(3 * MAX_FILTERS_PER_USER), access_token: alice() }),
      );
      expect(replyOf(other, 'after')).toMatchObject({ status: 'ok' });
    });

    it("close a channel whose new token is another user's who would hold too many", async () => {
      const { channels, connect } = setup();
      const connection = connect();
      for (let i = 0; i < MAX_FILTERS_PER_USER / PER_JOIN; i++) {
        await channels.handleFrame(
          connection,
          joinFrame(`realtime:${i}`, `${i}`, { config: filtered(i * PER_JOIN), access_token: alice() }),
        );
      }
      const other = connect();
      await channels.handleFrame(other, joinFrame('realtime:anon', '1', { config: filtered(MAX_FILTERS_PER_USER) }));
      expect(replyOf(other, '1')).toMatchObject({ status: 'ok' });
      const channel = other.channels.get('realtime:anon')!;
      other.sent.length = 0;
      await channels.handleFrame(other, {
        joinRef: '1',
        ref: null,
        topic: 'realtime:anon',
        event: 'access_token',
        payload: { access_token: alice() },
      });
      expect(other.sent[0]).toEqual([
        '1',
        null,
        'realtime:anon',
        'system',
        { extension: 'system', status: 'error', message: TOO_MANY_FILTERS, channel: 'anon' },
      ]);
      expect(channel.closed).toBe(true);
    });
  });

  it('routes only realtime: topics to joins, and answers frames of topics not joined with unmatched topic', async () => {
    const { channels, connect } = setup();
    const connection = connect();
    await channels.handleFrame(connection, joinFrame('room', '1'));
    await channels.handleFrame(connection, {
      joinRef: null,
      ref: '2',
      topic: 'realtime:x',
      event: 'broadcast',
      payload: {},
    });
    expect(connection.sent).toEqual([
      ['1', '1', 'room', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }],
      [null, '2', 'realtime:x', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }],
    ]);
  });
});

describe('a joined channel', () => {
  async function joined(config: Record<string, unknown> = { postgres_changes: [BINDING] }) {
    const context = setup();
    const connection = context.connect();
    await context.channels.handleFrame(connection, joinFrame('realtime:notes', '1', { config }));
    connection.sent.length = 0;
    return { ...context, connection, channel: connection.channels.get('realtime:notes')! };
  }

  it('leaves on phx_leave: acknowledged, untracked, its topic unmatched after', async () => {
    const { channels, connection, channel, tracked } = await joined();
    await channels.handleFrame(connection, {
      joinRef: '1',
      ref: '2',
      topic: 'realtime:notes',
      event: 'phx_leave',
      payload: {},
    });
    expect(connection.sent).toEqual([['1', '2', 'realtime:notes', 'phx_reply', { status: 'ok', response: {} }]]);
    expect(channel.closed).toBe(true);
    expect(tracked.size).toBe(0);
    expect(connection.channels.size).toBe(0);
  });

  it('subscribes again under a new access token, and closes on an invalid one', async () => {
    const { channels, connection, channel, subscribedAs } = await joined();
    const frame = (accessToken: string) => ({
      joinRef: '1',
      ref: null,
      topic: 'realtime:notes',
      event: 'access_token',
      payload: { access_token: accessToken },
    });
    const user = token('authenticated', { sub: 'u1' });
    await channels.handleFrame(connection, frame(user));
    expect(channel.identity.claims.sub).toBe('u1');
    expect(subscribedAs).toEqual(['anon', 'authenticated']);
    expect(connection.sent).toEqual([
      [
        '1',
        null,
        'realtime:notes',
        'system',
        { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'notes' },
      ],
    ]);

    await channels.handleFrame(connection, frame('not.a.token'));
    expect(connection.sent.slice(1)).toEqual([
      [
        '1',
        null,
        'realtime:notes',
        'system',
        {
          extension: 'system',
          status: 'error',
          message: 'Received an invalid access token from client: JWT is not valid JSON',
          channel: 'notes',
        },
      ],
      ['1', '1', 'realtime:notes', 'phx_close', {}],
    ]);
    expect(channel.closed).toBe(true);
  });

  it('closes when its token expires', async () => {
    vi.useFakeTimers();
    const { connection, channel } = await joined({});
    vi.advanceTimersByTime(3600 * 1000);
    expect(connection.sent.map((frame) => (frame as unknown[])[3])).toEqual(['system', 'phx_close']);
    expect((connection.sent[0] as unknown[])[4]).toMatchObject({ message: 'Token has expired' });
    expect(channel.closed).toBe(true);
  });

  it('leaves every channel when its connection closes', async () => {
    const { channels, connection, tracked } = await joined();
    await channels.handleFrame(connection, joinFrame('realtime:other', '2'));
    channels.leaveAll(connection);
    expect(connection.channels.size).toBe(0);
    expect(tracked.size).toBe(0);
  });
});
