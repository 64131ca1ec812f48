import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.ts';

describe('describeUserAgent', () => {
  it('names Chrome on Linux', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
  });

  it('names Safari on an iPhone', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
  });

  it('names Firefox on Windows', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Windows',
    );
  });

  it('names a script by its product', () => {
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
  });

  it('says so when there is none', () => {
    expect(describeUserAgent('')).toBe('Unknown browser');
    expect(describeUserAgent('   ')).toBe('Unknown browser');
    expect(describeUserAgent(null)).toBe('Unknown browser');
  });
});
