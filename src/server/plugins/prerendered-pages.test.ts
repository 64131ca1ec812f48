import { describe, expect, it } from 'vitest';
import { withPrerenderedMarkup } from './prerendered-pages.ts';

const shell =
  '<head><title>Product</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-2.css"></head><body><div id="root"></div></body>';
const readAsset = (url: string) => (url === '/assets/index-2.css' ? 'main{color:red}' : 'unexpected');

describe('a prerendered page', () => {
  it('has its first screen inside the root, its title, its styles inline, its script at low priority', () => {
    const first = {
      markup: '<main>$& $1</main>',
      signedOutMarkup: '<main>Sign in</main>',
      title: 'Sign in · Q&A <beta>',
    };
    const page = withPrerenderedMarkup(shell, first, readAsset, { signedOut: false });
    // `$&` in the markup stays as written (no replacement patterns).
    expect(page).toContain('<div id="root"><main>$& $1</main></div>');
    // Named before any script has run; the title is text, so it is escaped.
    expect(page).toContain('<title>Sign in · Q&amp;A &lt;beta&gt;</title>');
    expect(page).not.toContain('<title>Product</title>');
    expect(page).toContain('<style>main{color:red}</style>');
    expect(page).not.toContain('<link rel="stylesheet"');
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
  });

  it("for a visitor known to be signed out, has that render, marked for the client's first render to match", () => {
    const first = { markup: '<main>…</main>', signedOutMarkup: '<main>Sign in</main>', title: 'Home · Product' };
    const page = withPrerenderedMarkup(shell, first, readAsset, { signedOut: true });
    expect(page).toContain('<div id="root" data-signed-out=""><main>Sign in</main></div>');
    expect(page).not.toContain('<main>…</main>');
  });

  it('refuses a shell without an empty root or a title, and a stylesheet that would end the style element', () => {
    const first = { markup: '<main></main>', signedOutMarkup: '<main></main>', title: 'Home · Product' };
    const known = { signedOut: false };
    expect(() => withPrerenderedMarkup('<body></body>', first, readAsset, known)).toThrow(/no <div id="root">/);
    expect(() => withPrerenderedMarkup(shell.replace('<title>Product</title>', ''), first, readAsset, known)).toThrow(
      /no <title>/,
    );
    expect(() => withPrerenderedMarkup(shell, first, () => 'a{}</style><script>', known)).toThrow(/cannot be inlined/);
  });
});
