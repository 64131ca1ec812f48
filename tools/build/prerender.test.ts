import { describe, expect, it } from 'vitest';
import { checkPrerendered } from './prerender.ts';

const page = (markup: string, title = 'Home · Product') => ({ markup, signedOutMarkup: markup, title });

describe('checking a prerendered page before it ships', () => {
  it('passes a screen with its <main> and its title', () => {
    expect(checkPrerendered('/', page('<div><main><h1>Home</h1></main></div>'))).toEqual(
      page('<div><main><h1>Home</h1></main></div>'),
    );
  });

  it('fails a render without a screen (a pending or failed route) and one with an inline script', () => {
    expect(() => checkPrerendered('/sign-in', page('<div class="shell"></div>'))).toThrow(
      /\/sign-in rendered no <main>/,
    );
    expect(() => checkPrerendered('/', page('<main></main><script>restoreScroll()</script>'))).toThrow(/CSP refuses/);
  });

  it('checks the signed-out render as well', () => {
    const signedOutWithoutScreen = { ...page('<main></main>'), signedOutMarkup: '<div class="shell"></div>' };
    expect(() => checkPrerendered('/', signedOutWithoutScreen)).toThrow(/rendered no <main>/);
  });

  it('fails a page without a title', () => {
    expect(() => checkPrerendered('/sign-up', page('<main></main>', ' '))).toThrow(/\/sign-up has no title/);
  });
});
