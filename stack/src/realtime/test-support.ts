/** For the realtime modules' tests: connections on a socket that records what is sent, and channels on them. */
import { WebSocket } from 'ws';
import type { Channel } from './channel';
import type { Connection } from './connection';
import type { Vsn } from './protocol';

export interface RecordingConnection extends Connection {
  /** Text frames sent, parsed from JSON. */
  sent: unknown[];
  /** Binary frames sent. */
  binary: Buffer[];
  /** The close code and reason, once closed. */
  closedWith: [number | undefined, string | undefined] | null;
}

export function recordingConnection(vsn: Vsn = '2.0.0', apikey = ''): RecordingConnection {
  const connection: RecordingConnection = {
    sent: [],
    binary: [],
    closedWith: null,
    vsn,
    apikey,
    channels: new Map(),
    recentJoins: [],
    inbox: Promise.resolve(),
    ws: {
      readyState: WebSocket.OPEN,
      send: (data: unknown) => {
        if (Buffer.isBuffer(data)) connection.binary.push(data);
        else connection.sent.push(JSON.parse(String(data)));
      },
      close: (code?: number, reason?: string) => {
        connection.closedWith = [code, reason];
      },
    } as Connection['ws'],
  };
  return connection;
}

/** A channel joined on `connection` (and registered on it) with nothing enabled unless `overrides` says so. */
export function joinedChannel(connection: Connection, topic: string, overrides: Partial<Channel> = {}): Channel {
  const channel: Channel = {
    connection,
    topic,
    joinRef: '1',
    token: '',
    identity: { role: 'anon', claims: { role: 'anon' } },
    bindings: [],
    subscriptions: [],
    broadcast: { self: false, ack: false },
    presence: { enabled: false, key: 'key', meta: null },
    expiryTimer: null,
    closed: false,
    ...overrides,
  };
  connection.channels.set(topic, channel);
  return channel;
}

/**
 * A published table for the tests that need Postgres: each authenticated user sees only their own
 * notes (RLS), and none may read `secret`.
 */
export const NOTES_FIXTURE = `
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null,
  title text not null,
  secret text
);
alter table public.notes enable row level security;
create policy "own notes" on public.notes for select to authenticated using (owner = (select auth.uid()));
revoke all on public.notes from anon, authenticated;
grant select (id, owner, title) on public.notes to authenticated;
alter publication supabase_realtime add table public.notes;
`;

export const userIdentity = (sub: string) => ({
  role: 'authenticated' as const,
  claims: { role: 'authenticated', sub },
});
