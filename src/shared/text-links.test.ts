import { describe, expect, it } from 'vitest';
import { splitLinks, type TextPart } from './text-links.ts';

const text = (value: string): TextPart => ({ kind: 'text', text: value });
const link = (href: string): TextPart => ({ kind: 'link', href });

describe('splitLinks', () => {
  it.each<[string, string, TextPart[]]>([
    [
      'finds the address after a button label',
      'Choose a new password https://app.example.test/reset-password?token=abc\n\nBye',
      [text('Choose a new password '), link('https://app.example.test/reset-password?token=abc'), text('\n\nBye')],
    ],
    [
      'leaves brackets and sentence punctuation outside the address',
      'See [http://a.test/x]. Or http://b.test/y.',
      [text('See ['), link('http://a.test/x'), text(']. Or '), link('http://b.test/y'), text('.')],
    ],
    [
      'keeps other schemes as text',
      'javascript:alert(1) mailto:a@b.test',
      [text('javascript:alert(1) mailto:a@b.test')],
    ],
    ['keeps no text as nothing', '', []],
  ])('%s', (_label, input, parts) => {
    expect(splitLinks(input)).toEqual(parts);
  });
});
