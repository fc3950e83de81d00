/**
 * Whether the server answered the app's latest request. Every request goes through
 * `fetchWatchingReachability` (the Supabase client's fetch): a request that gets any answer, even a
 * refusal, proves the server is reachable; one that gets none (connection refused, network down)
 * proves it is not. The offline banner reads this; nothing here retries or delays a request.
 */
type Listener = () => void;

let reachable = true;
const listeners = new Set<Listener>();

function setReachable(value: boolean): void {
  if (reachable === value) return;
  reachable = value;
  for (const listener of listeners) listener();
}

export function isServerReachable(): boolean {
  return reachable;
}

export function subscribeToReachability(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function wasAborted(init: RequestInit | undefined, error: unknown): boolean {
  return init?.signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

export const fetchWatchingReachability: typeof fetch = async (input, init) => {
  try {
    const response = await fetch(input, init);
    setReachable(true);
    return response;
  } catch (error) {
    // The app cancelling its own request says nothing about the server.
    if (!wasAborted(init, error)) setReachable(false);
    throw error;
  }
};
