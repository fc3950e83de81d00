/**
 * A fair share of the database pool per user: at most `limit` of one key's tasks run at once, the
 * rest wait their turn in arrival order, and other keys are never held up by them. Without it one
 * user's twenty slow calls held all twenty connections and every other user's sale waited behind
 * them (issue 44).
 */
export function fairShare(limit: number) {
  const running = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();

  /** Gives a finished task's slot to the key's next waiting task, or frees it. */
  const release = (key: string) => {
    const queue = waiting.get(key);
    const next = queue?.shift();
    if (queue?.length === 0) waiting.delete(key);
    if (next) return next();
    const left = running.get(key)! - 1;
    if (left === 0) running.delete(key);
    else running.set(key, left);
  };

  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const count = running.get(key) ?? 0;
    if (count < limit) running.set(key, count + 1);
    // The slot is handed over by release, so nobody arriving meanwhile can take it.
    else await new Promise<void>((resolve) => waiting.set(key, [...(waiting.get(key) ?? []), resolve]));
    try {
      return await task();
    } finally {
      release(key);
    }
  };
}
