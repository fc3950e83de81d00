import { describe, expect, it, vi } from 'vitest';
import { fairShare, requesterOf, ShareWaitTimeout } from './fair-share';

/** A task that runs until its `finish` is called, recording when it started. */
function controlled(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => (started.push(name), done.then(() => name)), finish: () => finish() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fairShare', () => {
  it("runs at most the limit of one key's tasks at once, the rest in arrival order, never holding up another key", async () => {
    const run = fairShare(2, 60_000);
    const started: string[] = [];
    const tasks = ['a1', 'a2', 'a3', 'a4'].map((name) => controlled(started, name));
    const results = tasks.map((t) => run('alice', t.task));
    const bob = controlled(started, 'b1');
    const bobResult = run('bob', bob.task);
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);

    bob.finish();
    expect(await bobResult).toBe('b1');
    tasks[1]!.finish();
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    tasks[0]!.finish();
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    tasks[2]!.finish();
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('frees the slot of a task that fails', async () => {
    const run = fairShare(1, 60_000);
    await expect(run('alice', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await run('alice', async () => 'next')).toBe('next');
  });

  it('hands a slot to a waiting task before a newcomer can take it', async () => {
    const run = fairShare(1, 60_000);
    const started: string[] = [];
    const first = controlled(started, 'first');
    const waiting = controlled(started, 'waiting');
    const firstResult = run('alice', first.task);
    const waitingResult = run('alice', waiting.task);
    first.finish();
    await firstResult;
    const late = controlled(started, 'late');
    const lateResult = run('alice', late.task);
    await settle();
    expect(started).toEqual(['first', 'waiting']);
    waiting.finish();
    late.finish();
    expect(await Promise.all([waitingResult, lateResult])).toEqual(['waiting', 'late']);
  });
});

describe('fairShare, waiting past its bound', () => {
  it('refuses a task still waiting after the bound, never runs it, and hands the slot to the next in line', async () => {
    vi.useFakeTimers();
    try {
      const run = fairShare(1, 10_000);
      const started: string[] = [];
      const first = controlled(started, 'first');
      const firstResult = run('alice', first.task);
      const late = run('alice', controlled(started, 'late').task);
      const refused = expect(late).rejects.toBeInstanceOf(ShareWaitTimeout);
      await vi.advanceTimersByTimeAsync(5_000);
      const next = controlled(started, 'next');
      const nextResult = run('alice', next.task);
      await vi.advanceTimersByTimeAsync(5_000);
      await refused;
      first.finish();
      await firstResult;
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toEqual(['first', 'next']);
      next.finish();
      expect(await nextResult).toBe('next');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('requesterOf', () => {
  it('counts a signed-in user by their id from any client, and a request without a user by its role and client', () => {
    const user = { role: 'authenticated', claims: { sub: 'u1', role: 'authenticated' } };
    expect(requesterOf({ ...user, client: 'loopback' })).toBe(requesterOf({ ...user, client: '192.168.1.7' }));
    const anon = { role: 'anon', claims: { role: 'anon' } };
    expect(requesterOf({ ...anon, client: '192.168.1.7' })).not.toBe(requesterOf({ ...anon, client: '192.168.1.8' }));
    expect(requesterOf({ ...anon, client: 'loopback' })).not.toBe(
      requesterOf({ role: 'service_role', claims: { role: 'service_role' }, client: 'loopback' }),
    );
    expect(requesterOf({ ...anon, client: 'loopback' })).not.toBe(requesterOf({ ...user, client: 'loopback' }));
  });
});
