import { describe, expect, it } from 'vitest';
import { withPrerenderedMarkup } from './prerendered-pages.ts';

const shell =
  '<head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-2.css"></head><body><div id="root"></div></body>';
const readAsset = (url: string) => (url === '/assets/index-2.css' ? 'main{color:red}' : 'unexpected');

describe('a prerendered page', () => {
  it('has its first screen inside the root, its styles inline, its script at low priority', () => {
    const page = withPrerenderedMarkup(shell, '<main>$& $1</main>', readAsset);
    // `$&` in the markup stays as written (no replacement patterns).
    expect(page).toContain('<div id="root"><main>$& $1</main></div>');
    expect(page).toContain('<style>main{color:red}</style>');
    expect(page).not.toContain('<link rel="stylesheet"');
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
  });

  it('refuses a shell without an empty root, and a stylesheet that would end the style element', () => {
    expect(() => withPrerenderedMarkup('<body></body>', '<main></main>', readAsset)).toThrow(/no <div id="root">/);
    expect(() => withPrerenderedMarkup(shell, '<main></main>', () => 'a{}</style><script>')).toThrow(
      /cannot be inlined/,
    );
  });
});
