import { describe, expect, it } from 'vitest';
import { emailLinks } from './email-links.ts';

describe('emailLinks', () => {
  it("labels a button's address with the words before it on its line", () => {
    const text = 'Hello Mae,\n\nChoose a new password https://app.test/reset-password?token=abc\n\nThanks';
    expect(emailLinks(text)).toEqual([
      { label: 'Choose a new password', href: 'https://app.test/reset-password?token=abc' },
    ]);
  });

  it('labels an address on its own line, or in brackets, with itself', () => {
    expect(emailLinks('Open it:\nhttps://a.test/x\nor [https://b.test/y]')).toEqual([
      { label: 'https://a.test/x', href: 'https://a.test/x' },
      { label: 'or', href: 'https://b.test/y' },
    ]);
  });

  it('lists each address once and none from a text without any', () => {
    expect(emailLinks('Go https://a.test/x then again https://a.test/x')).toHaveLength(1);
    expect(emailLinks('No links here.')).toEqual([]);
  });
});
