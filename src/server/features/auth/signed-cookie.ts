import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The value of the first cookie called `name` in a Cookie header, read as the auth
 * library reads its own (better-call's parser): pairs split at `;`, names trimmed, the
 * first of two same-named cookies wins, surrounding quotes dropped, percent-decoding
 * where it decodes.
 */
export function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** A SHA-256 digest in padded base64, as the library writes its signatures. */
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The token inside a cookie value the auth library signed (`<token>.<base64 HMAC-SHA256
 * of the token under the secret>`), or null when the signature is missing, malformed or
 * wrong. The same check as the library's, synchronously: its own goes through WebCrypto,
 * a key import and two promises per request. signed-cookie.test.ts holds the two equal.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!BASE64_SHA256.test(signature)) return null;
  // Compared as text: only the canonical encoding the library writes passes (its decoder
  // would also take a variant with other padding bits, never sent by a browser it set).
  const expected = createHmac('sha256', secret).update(token).digest('base64');
  return timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? token : null;
}
