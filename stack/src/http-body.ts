import type { IncomingMessage } from 'node:http';

/** A request body over its bound: answered 413. */
export class BodyTooLarge extends Error {}

/** A request body that did not arrive in full within its deadline: answered 408. */
export class BodyTimeout extends Error {}

/** The client closed its connection before its body ended: nobody is left to answer. */
export class BodyAborted extends Error {}

/**
 * The body, or BodyTooLarge: an oversized body is read to its end but not kept, so the client
 * gets the 413 instead of a reset connection, and memory stays within the bound. With deadlineMs,
 * a body not complete that many milliseconds after the call is BodyTimeout, whatever its size: a
 * client trickling bytes holds the memory it sent, and its connection, no longer than that. The
 * request is left as it is: the caller answers (with `connection: close`, so the rest is never read).
 */
export function readBoundedBody(req: IncomingMessage, maxBytes: number, deadlineMs?: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
    };
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      outcome();
    };
    const onEnd = () => settle(() => (size > maxBytes ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    const onError = (error: Error) => settle(() => reject((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? new BodyAborted() : error));
    // 'close' before 'end': the client went away mid-body (Node emits an `aborted` error too, or not).
    const onClose = () => settle(() => reject(new BodyAborted()));
    const timer = deadlineMs === undefined ? undefined : setTimeout(() => settle(() => {
      req.pause();
      reject(new BodyTimeout());
    }), deadlineMs);
    if (req.readableEnded) return settle(() => resolve(Buffer.alloc(0)));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
