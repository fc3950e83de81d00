import { describe, expect, it } from 'vitest';
import { fairShare } from './fair-share';

/** A task that runs until its `finish` is called, recording when it started. */
function controlled(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => (started.push(name), done.then(() => name)), finish: () => finish() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fairShare', () => {
  it("runs at most the limit of one key's tasks at once, the rest in arrival order, never holding up another key", async () => {
    const run = fairShare(2);
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
    const run = fairShare(1);
    await expect(run('alice', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await run('alice', async () => 'next')).toBe('next');
  });

  it('hands a slot to a waiting task before a newcomer can take it', async () => {
    const run = fairShare(1);
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
