/**
 * Supabase Realtime's bounds, tried by a hostile client with the `ws` package: frames over 1 MiB
 * (up to a 100 MB join with millions of bindings), more than 100 channels on one socket, more than
 * 100 postgres_changes entries in one join, a flood of joins. Each is refused as Realtime refuses
 * it, the rest of that connection keeps working, and other users do not notice.
 */
import { expect, it } from 'vitest';
import {
  MAX_CHANNELS_PER_CONNECTION,
  MAX_FRAME_BYTES,
  MAX_JOINS_PER_SECOND,
  MAX_POSTGRES_CHANGES_PER_JOIN,
  TOO_MANY_CHANNELS,
  TOO_MANY_JOINS,
  TOO_MANY_POSTGRES_CHANGES,
} from '../../stack/src/realtime/server';
import { describeStack, type TestStack } from '../contract/harness';
import { RawRealtime, rpcOk, signIn, type Binding, type ChangeEvent, type User } from './support';

/** Another user's write and its realtime event, on loopback, must take less than this. */
const UNHURT_MS = 3_000;
const MESSAGE_TOO_BIG = 1009;
const INVALID_UTF8 = 1007;
const CLOSE_TIMEOUT_MS = 10_000;

/** A signed-in user whose socket follows their own raw_materials, as the app does. */
interface Watcher {
  user: User;
  socket: RawRealtime;
}

const ownMaterials = (user: User): Binding => ({
  event: 'INSERT',
  schema: 'public',
  table: 'raw_materials',
  filter: `user_id=eq.${user.id}`,
});

async function watcher(stack: TestStack): Promise<Watcher> {
  const user = await signIn(stack);
  const socket = await RawRealtime.open(stack);
  const joined = await socket.join('materials', [ownMaterials(user)], user.token);
  expect(joined.status).toBe('ok');
  expect((await socket.subscribed('materials')).status).toBe('ok');
  return { user, socket };
}

/** A material written through REST and heard on the watcher's channel, within `withinMs`. */
async function writeAndHear({ user, socket }: Watcher, name: string, withinMs = 10_000): Promise<number> {
  const started = performance.now();
  const heard = socket.next(
    (f) => f[2] === 'realtime:materials' && f[3] === 'postgres_changes' && (f[4] as ChangeEvent).data.record?.material_name === name,
    `the INSERT of ${name}`,
    withinMs,
  );
  await rpcOk(user, 'create_raw_material', { material_name: name });
  await heard;
  return performance.now() - started;
}

/** The close code of a socket the server must close within CLOSE_TIMEOUT_MS. */
async function closeCode(socket: RawRealtime): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the server did not close the socket')), CLOSE_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([socket.closed, timeout])).code;
  } finally {
    clearTimeout(timer);
  }
}

/** A phx_join frame whose postgres_changes array holds `entryText` repeated to fill `bytes`. */
function joinFrameOf(bytes: number, entryText: string): Buffer {
  const head = Buffer.from('["1","1","realtime:flood","phx_join",{"config":{"postgres_changes":[');
  const tail = Buffer.from('{}]}}]');
  // Whole entries between head and tail, so the frame is valid JSON.
  const end = bytes - tail.length - ((bytes - tail.length - head.length) % entryText.length);
  const frame = Buffer.alloc(end + tail.length);
  head.copy(frame, 0);
  frame.fill(entryText, head.length, end);
  tail.copy(frame, end);
  return frame;
}

describeStack('realtime bounds', (stack) => {
  it(`a frame over ${MAX_FRAME_BYTES} bytes closes that socket with 1009; a 100 MB join does not hurt another user`, async () => {
    const other = await watcher(stack());
    try {
      const hostile = await RawRealtime.open(stack());
      hostile.socket.send(joinFrameOf(MAX_FRAME_BYTES + 1024, '{},'), { binary: false });
      expect(await closeCode(hostile)).toBe(MESSAGE_TOO_BIG);

      const flooder = await RawRealtime.open(stack());
      // About 34 million bindings in one text frame, as in the issue.
      flooder.socket.send(joinFrameOf(100 * 2 ** 20, '{},'), { binary: false });
      const elapsed = await writeAndHear(other, 'During a 100 MB frame', UNHURT_MS);
      expect(elapsed).toBeLessThan(UNHURT_MS);
      expect(await closeCode(flooder)).toBe(MESSAGE_TOO_BIG);
      expect((await other.socket.heartbeat()).status).toBe('ok');
    } finally {
      other.socket.close();
    }
  });

  it('invalid UTF-8 closes that socket with 1007; JSON nested 200,000 deep gets its reply; the stack lives on', async () => {
    const garbled = await RawRealtime.open(stack());
    garbled.socket.send(Buffer.from([0x5b, 0xff, 0xfe, 0x5d]), { binary: false });
    expect(await closeCode(garbled)).toBe(INVALID_UTF8);

    const nested = await RawRealtime.open(stack());
    try {
      const depth = 200_000;
      const deepEvent = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      nested.socket.send(`["1","1","realtime:deep","phx_join",{"config":{"postgres_changes":[{"event":${deepEvent}}]}}]`);
      const reply = await nested.next((f) => f[1] === '1' && f[3] === 'phx_reply', 'the reply to a deeply nested join');
      expect(reply[4]).toMatchObject({ status: 'ok' });
      expect((await nested.subscribed('deep')).status).toBe('error');
      expect((await nested.heartbeat()).status).toBe('ok');
    } finally {
      nested.close();
    }
  });

  it(`the join of channel ${MAX_CHANNELS_PER_CONNECTION + 1} on one socket is refused; its other channels keep working`, async () => {
    const { user, socket } = await watcher(stack());
    try {
      for (let i = 1; i < MAX_CHANNELS_PER_CONNECTION; i++) {
        expect((await socket.join(`quiet-${i}`, [], user.token)).status).toBe('ok');
      }
      const refused = await socket.join('one-too-many', [], user.token);
      expect(refused).toEqual({ status: 'error', response: { reason: TOO_MANY_CHANNELS } });

      expect((await socket.heartbeat()).status).toBe('ok');
      await writeAndHear({ user, socket }, 'With a full socket');
      expect((await socket.leave('quiet-1')).status).toBe('ok');
    } finally {
      socket.close();
    }
  });

  it(`more than ${MAX_POSTGRES_CHANGES_PER_JOIN} postgres_changes entries in one join are refused, even in a frame just under 1 MiB`, async () => {
    const { user, socket } = await watcher(stack());
    try {
      const entries = (count: number): Binding[] =>
        Array.from({ length: count }, (_, i) => ({ ...ownMaterials(user), filter: `material_name=eq.m${i}` }));
      const atLimit = await socket.join('at-limit', entries(MAX_POSTGRES_CHANGES_PER_JOIN), user.token);
      expect(atLimit.status).toBe('ok');
      expect(atLimit.response.postgres_changes).toHaveLength(MAX_POSTGRES_CHANGES_PER_JOIN);

      const overLimit = await socket.join('over-limit', entries(MAX_POSTGRES_CHANGES_PER_JOIN + 1), user.token);
      expect(overLimit).toEqual({ status: 'error', response: { reason: TOO_MANY_POSTGRES_CHANGES } });

      // About 350,000 bindings in one frame within the frame limit.
      socket.socket.send(joinFrameOf(MAX_FRAME_BYTES - 1024, '{},'), { binary: false });
      const flood = await socket.next((f) => f[1] === '1' && f[2] === 'realtime:flood' && f[3] === 'phx_reply', 'the reply to the flood');
      expect(flood[4]).toEqual({ status: 'error', response: { reason: TOO_MANY_POSTGRES_CHANGES } });

      expect((await socket.heartbeat()).status).toBe('ok');
      await writeAndHear({ user, socket }, 'After too many bindings');
    } finally {
      socket.close();
    }
  });

  it(`more than ${MAX_JOINS_PER_SECOND} joins within a second are refused; the connection keeps working`, async () => {
    const { user, socket } = await watcher(stack());
    try {
      // Sent at once, without waiting for replies: far more joins than a second allows.
      const refs = Array.from({ length: 3 * MAX_JOINS_PER_SECOND }, () => socket.push('rejoined', 'phx_join', { config: {} }));
      const replies = await Promise.all(
        refs.map((ref) =>
          socket
            .next((f) => f[1] === ref && f[3] === 'phx_reply', `the reply to join ${ref}`)
            .then((frame) => frame[4] as { status: string; response: { reason?: string } }),
        ),
      );
      // The watcher's own join took one of the second's joins.
      expect(replies.slice(0, MAX_JOINS_PER_SECOND - 1).every((r) => r.status === 'ok')).toBe(true);
      const refused = replies.filter((r) => r.status === 'error');
      expect(refused.length).toBeGreaterThan(0);
      expect(new Set(refused.map((r) => r.response.reason))).toEqual(new Set([TOO_MANY_JOINS]));

      expect((await socket.heartbeat()).status).toBe('ok');
      await writeAndHear({ user, socket }, 'After a flood of joins');
    } finally {
      socket.close();
    }
  });
});
