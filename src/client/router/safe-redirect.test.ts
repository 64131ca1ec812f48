import { describe, expect, it } from 'vitest';
import { isSafeRedirect, safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it.each(['/', '/account', '/mailbox?status=sent&recipient=a%40b.example', '/mailbox/e1#top', '/a/b/c?x=/y'])(
    'keeps the path on this site %s',
    (path) => {
      expect(isSafeRedirect(path)).toBe(true);
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    ['another site, scheme-relative', '//evil.example/account'],
    ['another site, backslash', '/\\evil.example'],
    ['another site, backslash later', '/\\/evil.example'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a newline browsers drop', '/\n/evil.example'],
    ['a carriage return', '/\r\n/evil.example'],
    ['a space', '/ /evil.example'],
    ['a backslash inside', '/account\\..\\..'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a scheme after a slash-less start', 'http:/evil.example'],
    ['a relative path', 'account'],
    ['a dotted relative path', '../account'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(2048)}`],
    ['a number', 42],
    ['a list', ['/account']],
    ['nothing', undefined],
    ['null', null],
  ])('refuses %s and goes home instead', (_label, value) => {
    expect(isSafeRedirect(value)).toBe(false);
    expect(safeRedirect(value)).toBe('/');
  });
});
