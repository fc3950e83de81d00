/**
 * Phoenix channel frames as realtime-js speaks them (wire facts §3.1): vsn 2.0.0 sends JSON arrays
 * `[join_ref, ref, topic, event, payload]` plus binary broadcast frames; vsn 1.0.0 sends JSON
 * objects, and like Phoenix's V1 serializer the server leaves `join_ref` out of its replies.
 */

export type Vsn = '1.0.0' | '2.0.0';
export const SUPPORTED_VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

export class ProtocolError extends Error {}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const optionalString = (value: unknown) => (typeof value === 'string' ? value : null);

export function decodeText(vsn: Vsn, text: string): Frame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('frame is not a 5-element array');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new ProtocolError('frame lacks topic or event');
    return { joinRef: optionalString(joinRef), ref: optionalString(ref), topic, event, payload };
  }
  if (!isObject(parsed) || typeof parsed.topic !== 'string' || typeof parsed.event !== 'string') {
    throw new ProtocolError('frame is not a {topic, event, payload, ref} object');
  }
  return {
    joinRef: optionalString(parsed.join_ref),
    ref: optionalString(parsed.ref),
    topic: parsed.topic,
    event: parsed.event,
    payload: parsed.payload,
  };
}

export function encodeText(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  }
  return JSON.stringify({ topic: frame.topic, event: frame.event, payload: frame.payload, ref: frame.ref });
}

/** A client broadcast in binary form (kind 3): realtime-js 2.x sends every `send({type:'broadcast'})` so. */
export interface BinaryBroadcast {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  userEvent: string;
  /** 0: raw bytes, 1: JSON text. */
  encoding: 0 | 1;
  payload: Buffer;
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;

export function decodeBinaryBroadcast(buffer: Buffer): BinaryBroadcast {
  if (buffer.length < 7 || buffer[0] !== USER_BROADCAST_PUSH) throw new ProtocolError('unknown binary frame');
  const [joinRefLength, refLength, topicLength, eventLength, metadataLength, encoding] = buffer.subarray(1, 7);
  let offset = 7;
  const take = (length: number) => {
    const part = buffer.subarray(offset, offset + length);
    if (part.length !== length) throw new ProtocolError('truncated binary frame');
    offset += length;
    return part.toString('utf8');
  };
  const joinRef = take(joinRefLength!);
  const ref = take(refLength!);
  const topic = take(topicLength!);
  const userEvent = take(eventLength!);
  take(metadataLength!);
  if (encoding !== 0 && encoding !== 1) throw new ProtocolError('unknown payload encoding');
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    userEvent,
    encoding,
    payload: buffer.subarray(offset),
  };
}

/** The server's binary broadcast (kind 4) as realtime-js decodes it. */
export function encodeBinaryBroadcast(topic: string, userEvent: string, encoding: 0 | 1, payload: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(userEvent, 'utf8');
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, encoding]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}
