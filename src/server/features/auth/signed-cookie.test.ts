import { randomBytes } from 'node:crypto';
import { makeSignature } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { cookieValue, verifiedToken } from './signed-cookie.ts';

/** A value as the library signs its session cookie: the token, a dot, its signature. */
async function signedByLibrary(token: string, secret: string): Promise<string> {
  return `${token}.${await makeSignature(token, secret)}`;
}

describe("the session cookie's signature, checked as the auth library checks it", () => {
  it('accepts what the library signed, for any token and secret, and returns the token', async () => {
    for (let round = 0; round < 50; round += 1) {
      const token = randomBytes(24).toString('base64url');
      const secret = randomBytes(1 + (round % 40)).toString('hex');
      expect(verifiedToken(await signedByLibrary(token, secret), secret)).toBe(token);
    }
  });

  it('refuses another secret, another token, an altered or missing signature', async () => {
    const secret = 'the secret of this test, at least 32 characters long';
    const signed = await signedByLibrary('token-of-ada', secret);
    expect(verifiedToken(signed, 'another secret, at least 32 characters long!!')).toBeNull();
    expect(verifiedToken(signed.replace('token-of-ada', 'token-of-bob'), secret)).toBeNull();
    const signature = signed.slice(signed.lastIndexOf('.') + 1);
    const altered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifiedToken(`token-of-ada.${altered}`, secret)).toBeNull();
    expect(verifiedToken('token-of-ada', secret)).toBeNull();
    expect(verifiedToken(`token-of-ada.${signature.slice(0, -1)}`, secret)).toBeNull();
    expect(verifiedToken(`.${signature}`, secret)).toBeNull();
    expect(verifiedToken(`token-of-ada.${'é'.repeat(43)}=`, secret)).toBeNull();
  });
});

describe('cookieValue: the cookie as the library reads it from the header', () => {
  it('finds the named cookie among others, percent-decoded and unquoted', () => {
    expect(cookieValue('theme=dark; app.session_token=abc.def%3D; lang=en', 'app.session_token')).toBe('abc.def=');
    expect(cookieValue('app.session_token="abc"', 'app.session_token')).toBe('abc');
    expect(cookieValue('app.session_token=%E0%A4%A', 'app.session_token')).toBe('%E0%A4%A');
  });

  it('takes the first of two cookies of the same name, and no other name', () => {
    expect(cookieValue('app.session_token=first; app.session_token=second', 'app.session_token')).toBe('first');
    expect(cookieValue('x-app.session_token=a; app.session_token_old=b', 'app.session_token')).toBeUndefined();
    expect(cookieValue('', 'app.session_token')).toBeUndefined();
  });
});
