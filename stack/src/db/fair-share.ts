/** A task that waited its whole bound for a slot of its key's share, and never ran. */
export class ShareWaitTimeout extends Error {
  constructor() {
    super('Timed out acquiring connection from connection pool.');
  }
}

/**
 * A fair share of the database pool per user: at most `limit` of one key's tasks run at once, the
 * rest wait their turn in arrival order, and other keys are never held up by them. Without it one
 * user's twenty slow calls held all twenty connections and every other user's sale waited behind
 * them (issue 44). A task waits at most `maxWaitMs` for its turn, then fails with
 * ShareWaitTimeout, as PostgREST answers PGRST003 when no connection comes free in time.
 */
export function fairShare(limit: number, maxWaitMs: number) {
  const running = new Map<string, number>();
  const waiting = new Map<string, { start: () => void; timer: NodeJS.Timeout }[]>();

  /** Gives a finished task's slot to the key's next waiting task, or frees it. */
  const release = (key: string) => {
    const queue = waiting.get(key);
    const next = queue?.shift();
    if (queue?.length === 0) waiting.delete(key);
    if (next) {
      clearTimeout(next.timer);
      return next.start();
    }
    const left = running.get(key)! - 1;
    if (left === 0) running.delete(key);
    else running.set(key, left);
  };

  /** Waits for a slot handed over by release, or gives up after maxWaitMs. */
  const slot = (key: string) =>
    new Promise<void>((resolve, reject) => {
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          const queue = waiting.get(key)!;
          queue.splice(queue.indexOf(entry), 1);
          if (queue.length === 0) waiting.delete(key);
          reject(new ShareWaitTimeout());
        }, maxWaitMs),
      };
      waiting.set(key, [...(waiting.get(key) ?? []), entry]);
    });

  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const count = running.get(key) ?? 0;
    if (count < limit) running.set(key, count + 1);
    // The slot is handed over by release, so nobody arriving meanwhile can take it.
    else await slot(key);
    try {
      return await task();
    } finally {
      release(key);
    }
  };
}

/**
 * Whose share a request takes: a signed-in user's (the JWT's sub), whatever client sends it; a
 * request without a user (the anon or service key alone) its client's, per role, so that anonymous
 * callers on other machines of a LAN do not queue behind one another.
 */
export function requesterOf(identity: { role: string; claims: Record<string, unknown>; client?: string }): string {
  return typeof identity.claims.sub === 'string'
    ? `user:${identity.claims.sub}`
    : `${identity.role}@${identity.client ?? 'unknown'}`;
}
