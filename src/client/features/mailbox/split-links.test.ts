import { describe, expect, it } from 'vitest';
import { splitLinks } from './split-links.ts';

describe('splitLinks', () => {
  it('finds the address after a button label', () => {
    expect(splitLinks('Choose a new password https://app.example.test/reset-password?token=abc\n\nBye')).toEqual([
      { kind: 'text', text: 'Choose a new password ' },
      { kind: 'link', href: 'https://app.example.test/reset-password?token=abc' },
      { kind: 'text', text: '\n\nBye' },
    ]);
  });

  it('leaves brackets and sentence punctuation outside the address', () => {
    expect(splitLinks('See [http://a.test/x]. Or http://b.test/y.')).toEqual([
      { kind: 'text', text: 'See [' },
      { kind: 'link', href: 'http://a.test/x' },
      { kind: 'text', text: ']. Or ' },
      { kind: 'link', href: 'http://b.test/y' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps other schemes and plain text as text', () => {
    expect(splitLinks('javascript:alert(1) mailto:a@b.test')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) mailto:a@b.test' },
    ]);
    expect(splitLinks('')).toEqual([]);
  });
});
