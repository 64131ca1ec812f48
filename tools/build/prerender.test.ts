import { describe, expect, it } from 'vitest';
import { checkPrerendered } from './prerender.ts';

describe('checking a prerendered page before it ships', () => {
  it('passes a screen with its <main>', () => {
    expect(checkPrerendered('/', '<div><main><h1>Home</h1></main></div>')).toContain('<h1>Home</h1>');
  });

  it('fails a render without a screen (a pending or failed route) and one with an inline script', () => {
    expect(() => checkPrerendered('/sign-in', '<div class="shell"></div>')).toThrow(/\/sign-in rendered no <main>/);
    expect(() => checkPrerendered('/', '<main></main><script>restoreScroll()</script>')).toThrow(/CSP refuses/);
  });
});
