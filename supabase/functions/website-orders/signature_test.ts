import { equal } from 'node:assert/strict';
import { constantTimeEqual, sign, verifySignature } from './signature.ts';

const body = new TextEncoder().encode('{"id":1001,"line_items":[{"sku":"HAT-1","quantity":2}]}');
const secret = 'shpss_0123456789abcdef';

Deno.test('a signature made with the secret over the exact body verifies', async () => {
  equal(await verifySignature(body, secret, await sign(body, secret)), true);
});

Deno.test('the known HMAC-SHA256 of a known body and key (RFC 4231 case 2), base64', async () => {
  const message = new TextEncoder().encode('what do ya want for nothing?');
  // 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843 in hex
  equal(await sign(message, 'Jefe'), 'W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM=');
});

Deno.test('a forged signature, another secret, a changed body or a re-serialised body is refused', async () => {
  const good = await sign(body, secret);
  const forged = `${good[0] === 'A' ? 'B' : 'A'}${good.slice(1)}`;
  equal(await verifySignature(body, secret, forged), false);
  equal(await verifySignature(body, 'another-secret-of-16', good), false);
  const changed = new TextEncoder().encode('{"id":1001,"line_items":[{"sku":"HAT-1","quantity":20}]}');
  equal(await verifySignature(changed, secret, good), false);
  const reserialised = new TextEncoder().encode(JSON.stringify(JSON.parse(new TextDecoder().decode(body)), null, 1));
  equal(await verifySignature(reserialised, secret, good), false);
});

Deno.test('a missing, empty, hex, truncated or oversized signature is refused', async () => {
  const good = await sign(body, secret);
  equal(await verifySignature(body, secret, null), false);
  equal(await verifySignature(body, secret, ''), false);
  equal(await verifySignature(body, '', good), false);
  const hex = Array.from(atob(good), (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  equal(await verifySignature(body, secret, hex), false);
  equal(await verifySignature(body, secret, good.slice(0, 40)), false);
  equal(await verifySignature(body, secret, good.repeat(100)), false);
  equal(await verifySignature(body, secret, '!!!!'), false);
});

Deno.test('surrounding spaces in the header are tolerated', async () => {
  equal(await verifySignature(body, secret, ` ${await sign(body, secret)} `), true);
});

Deno.test('constantTimeEqual compares every byte and the length', () => {
  equal(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3])), true);
  equal(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4])), false);
  equal(constantTimeEqual(new Uint8Array([9, 2, 3]), new Uint8Array([1, 2, 3])), false);
  equal(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3])), false);
});
