/**
 * Shopify and WooCommerce both sign a webhook the same way: HMAC-SHA256 of the raw request body
 * keyed with the shared secret, base64-encoded, in a header (`X-Shopify-Hmac-Sha256`,
 * `X-WC-Webhook-Signature`). The body must be checked as received, byte for byte: parsing and
 * re-serialising JSON changes it.
 */

const encoder = new TextEncoder();

/** base64 HMAC-SHA256 of body with secret, as the shops send it. */
export async function sign(body: Uint8Array<ArrayBuffer>, secret: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), body));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Whether signature (base64, as in the header) is body's HMAC under secret. Compared in constant
 * time, so the time taken says nothing about how many bytes of a forged signature were right.
 */
export async function verifySignature(body: Uint8Array<ArrayBuffer>, secret: string, signature: string | null): Promise<boolean> {
  if (!signature || !secret) return false;
  const received = decodeBase64(signature.trim());
  if (!received) return false;
  const expected = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), body));
  return constantTimeEqual(expected, received);
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  // The length of an HMAC-SHA256 is public (32 bytes): returning early on it leaks nothing.
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** Standard base64 to bytes; null for anything else (a hex digest, junk, a huge header). */
function decodeBase64(value: string): Uint8Array | null {
  if (value.length > 128 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) return null;
  try {
    return Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}
