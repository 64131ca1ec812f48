import { describe, expect, it } from 'vitest';
import { product } from '../shared/product.ts';
import { prerender } from './prerender.tsx';

/**
 * The first screens the build prerenders (vite.config.ts) are what a visitor sees before any
 * script has run: if prerendering stops drawing them, these fail
 * (docs/decisions/0035-prerendered-first-paint.md).
 */
describe('prerendered first screens', () => {
  it('Sign in: the header and the form, whose button waits for the page to hydrate', async () => {
    const { markup, title } = await prerender('/sign-in');
    // The tab's name before any script has run, which a screen reader announces first.
    expect(title).toBe(`Sign in · ${product.name}`);
    expect(markup).toContain(`>${product.name}</a>`);
    expect(markup).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expect(markup).toMatch(/<label[^>]*>E-mail<\/label>/);
    expect(markup).toMatch(/<label[^>]*>Password<\/label>/);
    // Pressed before the page's code runs, the browser would send the form as a GET, password in the address.
    expect(markup).toMatch(/<button[^>]*type="submit" disabled=""[^>]*>Sign in<\/button>/);
    // Whether someone is signed in is not known yet: the header's account area holds its
    // placeholder, neither "Sign in" nor a user menu, as in the browser before the answer.
    expect(markup).toMatch(/<nav aria-label="Account"[^>]*><div aria-hidden="true"[^>]*><\/div><\/nav>/);
  });

  it('Sign in for a visitor known to be signed out: "Sign in" and "Sign up" in the header at once', async () => {
    const { signedOutMarkup } = await prerender('/sign-in');
    expect(signedOutMarkup).toMatch(/<nav aria-label="Account"[^>]*>.*<a[^>]*href="\/sign-in"[^>]*>Sign in<\/a>/);
    expect(signedOutMarkup).toMatch(/<a[^>]*href="\/sign-up"[^>]*>Sign up<\/a>/);
    expect(signedOutMarkup).not.toMatch(/animate-pulse/);
    // The screen itself is the same.
    expect(signedOutMarkup).toMatch(/<h1[^>]*>Sign in<\/h1>/);
  });

  it("Home: the product's name and what it is", async () => {
    const { markup, title } = await prerender('/');
    expect(title).toBe(`Home · ${product.name}`);
    expect(markup).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`));
    expect(markup).toContain('The screens are waiting for the specification');
    // The CSP allows no inline script but the theme's.
    expect(markup).not.toMatch(/<script/i);
  });
});
