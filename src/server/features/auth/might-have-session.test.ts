import { describe, expect, it } from 'vitest';
import { mightHaveSession } from './might-have-session.ts';

describe('mightHaveSession', () => {
  it('is false without a session cookie: the caller is certainly signed out', () => {
    expect(mightHaveSession(undefined)).toBe(false);
    expect(mightHaveSession(null)).toBe(false);
    expect(mightHaveSession('')).toBe(false);
    expect(mightHaveSession('theme=dark; other=1')).toBe(false);
  });

  it('is true with one, over HTTP and over HTTPS (the __Host- prefix)', () => {
    expect(mightHaveSession('app.session_token=abc.def')).toBe(true);
    expect(mightHaveSession('theme=dark; __Host-app.session_token=abc.def')).toBe(true);
  });
});
