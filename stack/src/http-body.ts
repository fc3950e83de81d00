import type { IncomingMessage } from 'node:http';

/** A request body over its bound: answered 413. */
export class BodyTooLarge extends Error {}

/**
 * The body, or BodyTooLarge: an oversized body is read to its end but not kept, so the client
 * gets the 413 instead of a reset connection, and memory stays within the bound.
 */
export async function readBoundedBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (size > maxBytes) throw new BodyTooLarge();
  return Buffer.concat(chunks);
}
